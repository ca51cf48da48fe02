"""The game in words: second person for the viewer's own moves, counts that agree with their nouns."""

import io

from rich.console import Console

import comboarena as ca

from .helpers import act, passes
from .positions import GAME, load

NAMES = ["Ann", "Bob", "Cy", "Di"]
PILES = [["KD"], ["5H"], ["8D"], ["3H"]]


def _words(events, viewer):
    ui = GAME.text_ui()
    return [line for e in ca.events_for(events, viewer) if (line := ui.describe(e, viewer, NAMES))]


def _table(state, viewer):
    out = io.StringIO()
    Console(file=out, width=200).print(GAME.text_ui().render(state.view(viewer), NAMES))
    return out.getvalue()


def test_the_viewer_reads_their_own_moves_in_the_second_person():
    state = load(GAME, hands=[["7C", "2C"], ["9S"], ["3D"], ["4C"]], piles=PILES, deck_top=["AH"])
    act(state, (0, "discard 7C"))
    assert "Now  You (Big Player) draw 1 card (turn) or heal your partner" in _table(state, 0)
    assert "Ann (Big Player) draws 1 card (turn) or heals their partner" in _table(state, 1)
    events = act(state, (0, "heal"))
    assert _words(events, 0)[0] == "You HEAL: Cy draws 1 card instead."
    assert _words(events, 2)[:2] == ["Ann HEALS: You draw 1 card instead.", "You drew 1 card (HEAL): AH."]
    assert _words(events, 1)[:2] == ["Ann HEALS: Cy draws 1 card instead.", "Cy drew 1 card (HEAL)."]


def test_a_combo_on_the_viewers_pile_and_the_burn_that_follows():
    state = load(
        GAME,
        hands=[["6H", "7H", "2C"], ["9S", "8S", "TS"], ["3D"], ["4C"]],
        piles=[["KD"], ["5H", "AH"], ["8D"], ["3H"]],
    )
    events = act(state, (0, "6H>1"))
    assert _words(events, 1) == ["Ann: COMBO 6H on your pile — stack 2, burn 2 cards!"]
    assert _words(events, 3) == ["Ann: COMBO 6H on Bob's pile — stack 2, burn 2 cards!"]
    assert "burn 2 cards unless countered (a six) — waiting for You, Cy, Di" in _table(state, 1)
    passes(state)
    assert "You burn 2 more cards" in _table(state, 1) and "Bob burns 2 more cards" in _table(state, 0)
    act(state, (1, "burn 8S"))
    assert "You burn 1 more card" in _table(state, 1)


def test_values_take_their_article_and_the_deck_its_count():
    state = load(GAME, hands=[["AH", "2C"], ["9S"], ["3D"], ["4C"]], piles=PILES)
    act(state, (0, "AH>1"))
    assert "unless countered (an ace)" in _table(state, 2)
    assert "Deck  43 cards" in _table(state, 2)
    hands = [["AH", "2C"], ["9S"], ["3D"], ["4C"]]
    named = {c for h in hands for c in h} | {c for p in PILES for c in p} | {"2S"}
    rest = [c for c in ca.core.cards.DECK if c not in named]
    state = load(GAME, hands=hands, piles=PILES, deck=["2S"], discard=rest)
    assert "Deck  1 card" in _table(state, 2) and "Deck  1 cards" not in _table(state, 2)


def test_the_deal_names_who_starts_in_the_right_person():
    game = ca.make("ccc-combo")
    state = game.new_state(seed=2)
    act(state, (0, "bp 0"))
    events = state.apply(1, "bp 1")
    first = next(e for e in events if e.kind == "deal").data["first"]
    ui = game.text_ui()
    deal = next(e for e in events if e.kind == "deal")
    assert ui.describe(deal, first, NAMES).endswith("You have the highest base and start.")
    other = (first + 1) % 4
    assert ui.describe(deal, other, NAMES).endswith(f"{NAMES[first]} has the highest base and starts.")
