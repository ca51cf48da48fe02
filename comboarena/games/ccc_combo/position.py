"""c-c-c-COMBO's positions: the whole table as JSON, read back strictly.

Fields (after the shared envelope ``game``, ``version``, ``options``,
``chance``): ``phase``, ``big_players`` (team 0's and team 1's, null until
named), ``turn`` (the seat to play, null before the deal and once over),
``turns`` (turns completed), ``hands`` (per seat), ``piles`` (per seat, base
first), ``discard`` (bottom first), ``deck`` (top first), ``window`` (the open
reaction window: ``{"pile", "waiting"}``, else null), ``burn`` (a burn in
progress: ``{"seat", "owed"}``, else null) and ``draws`` (still owed this
turn, in order: ``[seat, cards, reason]``): the state's saved fields, declared
and each read on its own in :mod:`.fields`; here are the checks between fields.
Who acts, the turn order and the result follow from these.
``docs/games/ccc-combo.md`` describes each field.

>>> import comboarena as ca
>>> game = ca.make("ccc-combo", big_players=(0, 1))
>>> state = game.new_state(seed=3)
>>> game.from_position(state.position()).view(2) == state.view(2)
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from comboarena.core import Chance, Fields, PositionError
from comboarena.core.cards import DECK
from comboarena.core.zones import check_position_cards

from .fields import BURNING, CHOOSE_BIG, FIELDS, OVER, PLAY_CARD, WINDOW, Burning, Owed
from .seats import OTHERS, partner
from .state import CccState, build
from .view import PHASES, DrawReason
from .words import cards

if TYPE_CHECKING:
    from .game import CccCombo

FULL = Counter(DECK)
#: The orders in which a turn's draws may be owed (by reason).
DRAW_ORDERS = {
    (DrawReason.TURN,),
    (DrawReason.TURN, DrawReason.COUNTER),
    (DrawReason.COUNTER,),
    (DrawReason.FEED, DrawReason.TURN),
}


def read_position(game: CccCombo, f: Fields, chance: Chance) -> CccState:
    """The state a position's own fields describe; :class:`PositionError` says what is wrong."""
    if chance.draws < 1:
        raise PositionError(
            "position.chance.draws must be at least 1: the opening deal is the chance's first draw "
            "(and each reshuffle one more)"
        )
    v = FIELDS.read(f, game)
    phase, bigs, turn, turns = v["phase"], v["big_players"], v["turn"], v["turns"]
    hands, piles, discard, deck = v["hands"], v["piles"], v["discard"], v["deck"]
    window, burn, draws = v["window"], v["burn"], v["draws"]
    zones = [(f"hands[{s}]", h) for s, h in enumerate(hands)]
    zones += [(f"piles[{s}]", p) for s, p in enumerate(piles)]
    zones += [("discard", discard), ("deck", deck)]
    check_position_cards(zones, FULL, "the 52-card deck")
    _check_big_players(game, list(bigs), phase)
    for s, pile in enumerate(piles):
        if pile and any(c[1] != pile[0][1] for c in pile):
            raise PositionError(
                f"position.piles[{s}] mixes suits ({' '.join(pile)}): a pile holds its base's suit only "
                "(a COMBO matches the suit, a COUNTER starts a new pile)"
            )
    if phase == CHOOSE_BIG:
        _check_before_the_deal(hands, piles, discard, turn, turns)
    else:
        _check_dealt(game, phase, hands, piles, turn, turns)
    if phase == WINDOW:
        window = _check_window(window, turn, hands, piles)
    elif window is not None:
        raise PositionError(
            f"position.window is set, but phase is '{PHASES[phase]}': a window is open only in phase 'window'"
        )
    if phase == BURNING:
        _check_burn(burn, turn, hands, piles)
    elif burn is not None:
        raise PositionError(
            f"position.burn is set, but phase is '{PHASES[phase]}': a burn is owed only in phase 'burn'"
        )
    _check_draws(list(draws), phase, turn, list(bigs), bool(deck or discard))
    return build(
        game,
        chance,
        phase=phase,
        big_players=bigs,
        turn=turn,
        turns=turns,
        hands=hands,
        piles=piles,
        discard=discard,
        deck=deck,
        window=window,
        burn=burn,
        draws=draws,
    )


# -- what may go with what -----------------------------------------------------------


def _check_big_players(game: CccCombo, bigs: list[int | None], phase: int) -> None:
    for team, big in enumerate(bigs):
        if big is not None and big % 2 != team:
            raise PositionError(
                f"position.big_players[{team}] is seat {big}, who is not on team {team} (seats {team} and {team + 2})"
            )
    if game.big_players is not None and bigs != list(game.big_players):
        raise PositionError(
            f"position.big_players is {bigs}, but this game fixes them to {list(game.big_players)} (option big_players)"
        )
    named = None not in bigs
    if phase == CHOOSE_BIG and named:
        raise PositionError("position.phase is 'big players', but both Big Players are named: the deal has happened")
    if phase != CHOOSE_BIG and not named:
        raise PositionError(
            f"position.phase is '{PHASES[phase]}', but a Big Player is not named: the deal comes after both are"
        )


def _check_before_the_deal(
    hands: list[list[str]], piles: list[list[str]], discard: list[str], turn: int | None, turns: int
) -> None:
    for s, hand in enumerate(hands):
        if hand:
            raise PositionError(
                f"position.hands[{s}] holds {cards(len(hand))}, but before the Big Players are named "
                "no cards are dealt (a hand holds 0)"
            )
    for s, pile in enumerate(piles):
        if pile:
            raise PositionError(f"position.piles[{s}] holds cards, but no pile has a base before the deal")
    if discard:
        raise PositionError("position.discard holds cards, but nothing is discarded before the deal")
    if turn is not None or turns:
        raise PositionError("before the deal position.turn must be null and position.turns 0")


def _check_dealt(
    game: CccCombo, phase: int, hands: list[list[str]], piles: list[list[str]], turn: int | None, turns: int
) -> None:
    for s, pile in enumerate(piles):
        if not pile:
            raise PositionError(
                f"position.piles[{s}] is empty, but after the deal every pile has a base "
                "(a COUNTER replaces a pile, it never empties it)"
            )
    if phase == OVER:
        if turn is not None:
            raise PositionError("position.turn must be null once the game is over")
        if all(hands) and turns < game.turn_limit:
            raise PositionError(
                "position.phase is 'over', but every player holds cards and the turn limit "
                f"({game.turn_limit}) is not reached: the game would go on"
            )
        return
    if turn is None:
        raise PositionError(f"position.turn is null, but in phase '{PHASES[phase]}' it is someone's turn")
    if turns >= game.turn_limit:
        raise PositionError(
            f"position.turns is {turns}: the game ends as a draw after {game.turn_limit} turns (option turn_limit)"
        )
    if phase == PLAY_CARD:
        for s, hand in enumerate(hands):
            if not hand:
                raise PositionError(
                    f"position.hands[{s}] is empty at the start of seat {turn}'s turn: "
                    "the game ended with the turn before (a player with no cards loses)"
                )


def _check_window(
    window: tuple[int, tuple[int, ...]] | None, turn: int, hands: list[list[str]], piles: list[list[str]]
) -> tuple[int, tuple[int, ...]]:
    """The window's pile and seats still to answer, in the order the window asks them."""
    if window is None:
        raise PositionError("position.phase is 'window', but position.window is null: give {'pile', 'waiting'}")
    pile, waiting = window
    if pile == turn:
        raise PositionError(
            f"position.window.pile is seat {turn}'s own pile, but it is seat {turn}'s turn: "
            "players may not play on their own piles on their turn"
        )
    if len(piles[pile]) < 2:
        raise PositionError(
            f"position.window.pile is {pile}, whose pile holds no COMBO (only its base): a window follows a COMBO"
        )
    if not waiting:
        raise PositionError("position.window.waiting is empty: a window closes when every seat has answered")
    for s in waiting:
        if s == turn:
            raise PositionError(
                f"position.window.waiting holds seat {turn}, who played the COMBO and may not answer it"
            )
        if not hands[s]:
            raise PositionError(f"position.window.waiting holds seat {s}, who has no cards to answer with")
    if len(set(waiting)) != len(waiting):
        raise PositionError("position.window.waiting names a seat twice")
    # Clockwise from the turn player, as the window asks.
    return pile, tuple(s for s in OTHERS[turn] if s in waiting)


def _check_burn(burn: Burning | None, turn: int, hands: list[list[str]], piles: list[list[str]]) -> None:
    if burn is None:
        raise PositionError("position.phase is 'burn', but position.burn is null: give {'seat', 'owed'}")
    seat, owed = burn
    if seat % 2 == turn % 2:
        raise PositionError(
            f"position.burn.seat is {seat}, on seat {turn}'s team: only a COMBO on an opponent burns "
            "(on an ally it feeds)"
        )
    stack = len(piles[seat]) - 1
    if owed > stack:
        raise PositionError(
            f"position.burn.owed is {owed}, but seat {seat}'s pile stacks {cards(stack)} on its base: "
            "a burn is one card per stacked card"
        )
    if owed >= len(hands[seat]):
        raise PositionError(
            f"position.burn.owed is {owed} and seat {seat} holds {len(hands[seat])}: with no more cards than owed "
            "there is no choice, every card burns at once (no burn decision)"
        )


def _check_draws(draws: list[Owed], phase: int, turn: int, bigs: list[int | None], can_draw: bool) -> None:
    if phase in (CHOOSE_BIG, PLAY_CARD, WINDOW, OVER):
        if draws:
            raise PositionError(
                f"position.draws lists draws, but in phase '{PHASES[phase]}' none are owed "
                "(draws are owed after the turn's card, once any window has closed)"
            )
        return
    if phase == BURNING:
        if draws != [(turn, 1, DrawReason.TURN)]:
            raise PositionError(f"position.draws must be [[{turn}, 1, 'turn']] while seat {turn}'s opponent burns")
        return
    order = tuple(r for _, _, r in draws)
    if order not in DRAW_ORDERS:
        shown = ", ".join(repr(str(r)) for r in order) or "nothing"
        raise PositionError(
            f"position.draws owes {shown}: a turn owes 'turn', 'turn' then 'counter', 'counter' "
            "(after the turn's draw) or 'feed' then 'turn'"
        )
    for i, (seat, count, reason) in enumerate(draws):
        if reason == DrawReason.TURN and (seat, count) != (turn, 1):
            raise PositionError(f"position.draws[{i}]: the turn's draw is [{turn}, 1, 'turn'] (seat {turn}'s turn)")
        if reason == DrawReason.COUNTER and (seat == turn or count != 1):
            raise PositionError(
                f"position.draws[{i}]: a COUNTER's replacement is 1 card, for a seat other than the turn player"
            )
        if reason == DrawReason.FEED and seat != partner(turn):
            raise PositionError(
                f"position.draws[{i}]: a FEED goes to seat {partner(turn)}, the turn player's ally "
                "(a COMBO on an ally's pile)"
            )
    seat = draws[0][0]
    if bigs[seat % 2] != seat:
        raise PositionError(
            f"position.phase is 'heal', but the next draw is seat {seat}'s, who is not a Big Player: "
            "only a Big Player decides to draw or heal"
        )
    if not can_draw:
        raise PositionError(
            "position.phase is 'heal', but the deck and the discard pile are empty: there is nothing to draw"
        )


__all__ = ["read_position"]
