"""Best of 3 fights; a drawn match gets an extra fight; each fight starts afresh."""

from .helpers import act, fv, new, play

STAGGERING = {"draw": [], "rest": "discard"}  # an empty deck: Staggering from the start
BORIS_WINS = [{"hand": ["hf", "iw", "cc", "pa", "hs"]}, {"hand": ["ls", "lj", "wd", "sb", "fs"], **STAGGERING}]
GRACE_WINS = [{"hand": ["hs", "iw", "cc", "pa", "hf"], **STAGGERING}, {"hand": ["lj", "ls", "wd", "sb", "fs"]}]
DRAWN = [{"hand": ["pa", "iw", "cc", "hf", "hs"], **STAGGERING}, {"hand": ["sb", "lj", "wd", "ls", "fs"], **STAGGERING}]


def fight(state, outcome):
    """Play the one round each stacked fight takes."""
    if outcome is BORIS_WINS:
        play(state, "hf", "ls")
        return act(state, 0, "end")
    if outcome is GRACE_WINS:
        play(state, "hs", "lj")
        return act(state, 1, "end")
    return play(state, "pa", "sb")


def match(*fights, **options):
    state = new(deck={"fights": list(fights)}, **options)
    results = []
    for f in fights:
        if state.is_over:
            break
        events = fight(state, f)
        results += [e.data["winner"] for e in events if e.kind == "fight_over"]
    return state, results


def test_the_first_to_win_two_fights_wins_the_match():
    state, results = match(BORIS_WINS, GRACE_WINS, BORIS_WINS)
    assert results == [0, 1, 0] and state.is_over and state.to_act == ()
    r = state.result()
    assert r.winners == (0,) and r.returns == (1, -1) and r.scores == (2, 1) and r.reason == "fights won 2-1"


def test_two_straight_wins_end_the_match_early():
    state, results = match(BORIS_WINS, BORIS_WINS, GRACE_WINS)
    assert results == [0, 0] and state.is_over and state.result().scores == (2, 0)
    assert state.view(None)["fight"] == 2  # the stacked third fight is never played


def test_a_match_drawn_after_three_fights_gets_an_extra_fight():
    state, results = match(BORIS_WINS, GRACE_WINS, DRAWN, GRACE_WINS)
    assert results == [0, 1, -1, 1]
    assert state.is_over and state.result().winners == (1,) and state.view(None)["fights"] == [0, 1, -1, 1]


def test_a_drawn_fight_does_not_count_and_the_match_goes_on():
    state, results = match(DRAWN, BORIS_WINS)
    assert results == [-1, 0] and not state.is_over and state.view(None)["fight"] == 3
    assert state.view(None)["wins"] == [1, 0]


def test_best_of_one_extra_fight_after_a_draw():
    state, results = match(DRAWN, GRACE_WINS, best_of=1)
    assert results == [-1, 1] and state.is_over and state.result().winners == (1,)


def test_every_fight_starts_with_a_fresh_setup():
    state = new(deck=BORIS_WINS, seed=4)  # only the first fight is stacked
    fight(state, BORIS_WINS)
    v = state.view(None)
    assert v["fight"] == 2 and v["round"] == 1 and v["phase"] == "play" and v["to_act"] == [0, 1]
    boris, grace = state.game.fighters
    assert state.view(0)["hand"] == [boris.cards[t].code for t in boris.starting_hand]
    assert state.view(1)["hand"] == [grace.cards[t].code for t in grace.starting_hand]
    for s, aside in ((0, []), (1, ["ps"])):
        f = fv(state, s)
        assert f["side"] == "A" and not f["staggering"] and not f["ko"] and f["discard"] == []
        assert f["aside"] == aside and f["hand_size"] + f["deck"] + len(aside) == 50
