"""Hidden values and the referee: views hold what a seat may know, and determinize samples
worlds that honour every public fact (check outcomes against hidden values, announced
types, One of Each Type, revealed cards, two decks) without copying the real one."""

import random

import comboarena as ca

from .helpers import TYPES, VALUES, attack, new, pair, play


def _samples(state, seat, n=25, seed=0):
    view = state.view(seat)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        det = state.game.determinize(view, seat, rng)
        assert det.view(seat) == view
        state.game.check_invariants(det)  # both decks conserved: no card twice, none lost
        assert det.seed != state.seed
        out.append(det)
    return out


def test_views_hold_exactly_what_a_seat_may_know():
    state = new(TYPES, VALUES)
    mine, theirs, spectator = state.view(0), state.view(1), state.view(None)
    assert [p["value_cards"] for p in mine["characters"][0]["rows"]] == [["5H"], ["6H"], ["7D"]]
    assert [p["value_cards"] for p in mine["characters"][1]["rows"]] == [[None], [None], [None]]
    assert [p["value"] for p in mine["characters"][1]["rows"]] == [None, None, None]
    assert [p["type_card"] for p in theirs["characters"][0]["rows"]] == [None, None, "4C"]
    assert all(p["value"] is None for ch in spectator["characters"] for p in ch["rows"])
    # A seat's own face-down cards are marked as known to it alone.
    assert set(mine["private"]) == {0, 1, 6, 7, 8}  # its two hidden type cards and three value cards
    assert spectator["private"] == []


def test_determinize_respects_a_critical_failure_against_a_hidden_value():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "JS"]], ["2C"])
    attack(state, "H>1")  # 2 - 11 = -9: the table learns the value is at least 8
    values = {det.pairs.value[5] for det in _samples(state, 0)}
    assert min(values) >= 8 and len(values) > 1  # consistent, and not a copy of the real 11


def test_determinize_respects_damage_to_a_hidden_value():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "8S"]], ["TC"])
    attack(state, "H>1")  # 10 - V in 1..5 and the pair survived: V in 6..9, now 2V - 10
    dets = _samples(state, 0, 40)
    assert {det.pairs.value[5] for det in dets} <= {2, 4, 6, 8}
    assert len({det.pairs.value[5] for det in dets}) > 1


def test_determinize_respects_the_available_actions_a_character_announced():
    state = new(TYPES, VALUES, ["9C", "9D"])
    play(state, "pass")
    play(state, "C>0")  # character 1 announces strength: its hidden value row holds two clubs
    for det in _samples(state, 0, 30):
        clubs = sum(1 for p in det.characters.rows[1] for c in det.pairs.value_ids[p] if det.card_type[c] == 2)
        assert clubs >= 2


def test_determinize_keeps_one_of_each_type():
    deal = ["2H", "4D", "5C", "6S", "3H", "7D", "8C", "9S", "TH", "JD", "QC", "KS", "AH", "2D", "3C", "4S"]
    game = ca.make("16-combos", one_of_each=True, placement="dealt")
    state = game.new_state(seed=1, deck={"deal": deal})
    for det in _samples(state, 0, 20):
        assert sorted(det.pairs.type[p] for p in det.characters.rows[1]) == [0, 1, 2, 3]


def test_determinize_keeps_revealed_cards_and_the_draw_decks_cards_apart():
    state = new(TYPES, [VALUES[0], ["5C", "6C", "JS"]], ["9C", "TH"])
    play(state, "H>1", "change C")  # the jack is shown
    for det in _samples(state, 0, 10):
        assert pair(det, 1, "c")["value_cards"] == ["JS"]
        assert det.draw == [] or all(c >= 54 for c in det.draw)  # only draw-deck cards in the draw pile


def test_determinize_never_copies_the_hidden_deal():
    state = new(TYPES, VALUES)
    hidden = [state.faces[c] for c in (3, 4, 9, 10, 11)]  # character 1's face-down cards
    seen = [[det.faces[c] for c in (3, 4, 9, 10, 11)] for det in _samples(state, 0, 10)]
    assert any(s != hidden for s in seen)


def test_ismcts_plays_through_determinize():
    game = ca.make("16-combos", columns=4)
    agent = ca.make_agent("ismcts:iters=6", game)
    rng = random.Random(1)
    state = game.new_state(seed=2)
    for _ in range(40):
        if state.is_over:
            break
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        action = agent.choose(state.view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)
