"""The heuristic's counts of the unseen cards (kept per number and colour, from running
sums) agree with counting the unseen cards one by one, as the rulebook's strategy reads."""

import random
from collections import Counter

import pytest

import comboarena as ca
from comboarena.games.sixteen import heuristic as h
from comboarena.games.sixteen.cards import COLOUR, NUMBER, PHYSICAL, WILD, deck_counts


def _by_card(view, text, hand, options):
    """The next player's chance to form a set and to bust, counted card by card."""
    seen = Counter(view["hand"])
    seen.update(PHYSICAL[c] for c in view["pile"])
    seen.update(PHYSICAL[c] for piles in view["set_piles"] for p in piles for c in p)
    unseen = list((deck_counts(options["wilds"]) - seen).elements())
    matches = options["matches"]
    pile = [*view["pile"], text]
    room = 16 - view["pile_sum"] - NUMBER[text]
    last2 = pile[-2:] if matches and len(pile) >= 2 else []
    same_n = len(last2) == 2 and NUMBER[last2[0]] == NUMBER[last2[1]]
    same_c = len(last2) == 2 and COLOUR[last2[0]] == COLOUR[last2[1]]
    wins = busts = 0
    for card in unseen:
        if card == WILD:
            wins += 1
            continue
        num = int(card[0])
        if num > room:
            busts += 1
        elif num == room or (same_n and num == NUMBER[last2[0]]) or (same_c and card[1] == COLOUR[last2[0]]):
            wins += 1
    n = len(unseen)
    return 1.0 - h._all_of(n, n - wins, hand), h._all_of(n, busts, hand)


@pytest.mark.parametrize("options", [{}, {"players": 4}, {"wilds": False}, {"matches": False}])
def test_the_next_players_odds_match_a_count_card_by_card(options):
    game = ca.make("sixteen", **options)
    agent = h.SixteenHeuristic(game)
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        state = game.new_state(seed=seed)
        while not state.is_over:
            (seat,) = state.to_act
            view, legal = state.view(seat), state.legal_actions(seat)
            before = view["pile"][-1] if view["pile"] and agent.matches else None
            nxt = h._NextPlayer(h._Unseen(agent.full, view), before, 3)
            for action in legal:
                text = action.text
                total = view["pile_sum"] + NUMBER.get(text, 99)
                if text in NUMBER and total < 16:
                    got = nxt.odds(NUMBER[text], COLOUR[text], total)
                    assert got == _by_card(view, text, 3, game.options)
                    checked += 1
            state.apply(seat, rng.choice(legal))
    assert checked > 500
