"""Combo Fighter's positions: the whole match as JSON, read back strictly.

Fields (after the shared envelope; ``docs/games/combo-fighter.md`` documents each)
are the state's, declared and each read on its own in :mod:`.fields`: the match's
(:data:`~.fields.FIELDS`) and each fighter's (:data:`~.fields.SEAT`). Here are the
checks between fields.

- ``phase`` (a :class:`~.view.Phase`), ``window`` (``{"asked", "waiting"}``: the seats
  asked to decide now and those still to answer), ``fight``, ``round``, ``wins``
  (per team), ``fights`` (each fight so far: the winning team or -1), ``ring``
  (the seat in the ring per team), ``picks`` (2 vs 2: the fighter each team named
  to start, or null), ``round_winner`` (a seat, ``"tie"`` or null before the reveal),
  ``stacked`` (a stacked deck for the fights to come, as ``new_state(deck=)`` takes it,
  or null);
- ``fighters``, one per seat: ``hand``, ``deck`` (top first), ``discard`` (bottom
  first), ``aside``, ``play`` (this round's cards in order), ``set_aside`` (positions
  in ``play`` going beside the token), ``drawn`` (solo AI), ``face_down`` (a code or
  null), ``side`` (``"A"``/``"B"``), ``staggering``, ``damage`` (still to take),
  ``ko``, ``retro`` (a :class:`~.view.RetroState`), ``speed_bonus``, ``flip``.

>>> import comboarena as ca
>>> game = ca.make("combo-fighter")
>>> state = game.new_state(seed=3)
>>> game.from_position(state.position()).view(0) == state.view(0)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Chance, Fields, PositionError
from comboarena.core.zones import check_position_cards

from .fields import FIELDS, NO_WINNER, OFFERED, FighterSeat
from .state import MAX_HAND, FighterState, build
from .view import Phase

if TYPE_CHECKING:
    from .game import ComboFighter

#: Phases only 2 vs 2 has.
TAG_PHASES = (Phase.PICK, Phase.BREATH, Phase.TAG)


def read_position(game: ComboFighter, f: Fields, chance: Chance) -> FighterState:
    """Read a position's fields; raises :class:`PositionError` naming what is wrong and where."""
    v = FIELDS.read(f, game)
    for s, fighter in enumerate(v["fighters"]):
        check_fighter(game, s, fighter, f"{f.path('fighters')}[{s}]")
    check_match(game, v)
    return build(game, chance, **v)


# -- one fighter ---------------------------------------------------------------------------


def check_fighter(game: ComboFighter, s: int, fighter: FighterSeat, where: str) -> None:
    """One fighter's fields agree: every card of its deck once, a hand within the limit,
    the solo AI's hand and drawn cards, the set-aside marks inside its play area."""
    sheet = fighter.sheet
    code = sheet.code
    zones = [
        (f"{where}.hand", [code(t) for t in fighter.hand]),
        (f"{where}.deck", [code(t) for t in reversed(fighter.deck)]),
        (f"{where}.discard", [code(t) for t in fighter.discard]),
        (f"{where}.aside", [code(t) for t in fighter.aside]),
        (f"{where}.play", [code(t) for t in fighter.play]),
        (f"{where}.face_down", [code(fighter.face_down)] if fighter.face_down >= 0 else []),
    ]
    check_position_cards(zones, game.decks[s], f"{sheet.name}'s Action Deck")
    hand, play, marks = fighter.hand, fighter.play, fighter.set_aside
    if len(hand) > MAX_HAND:
        raise PositionError(f"{where}.hand holds {len(hand)} cards; a hand holds at most {MAX_HAND}")
    if s == game.ai and hand:
        raise PositionError(f"{where}.hand holds cards, but seat {s} is the solo AI, which has no hand")
    if s != game.ai and fighter.drawn:
        raise PositionError(f"{where}.drawn names cards, but only the solo AI draws cards to combo")
    for i, m in enumerate(marks):
        if m >= len(play) or m == 0 or marks.count(m) > 1:
            raise PositionError(
                f"{where}.set_aside[{i}] = {m} does not name a card after the first of "
                f"{where}.play (1..{len(play) - 1}), once each"
            )


# -- the match -----------------------------------------------------------------------------


def check_match(game: ComboFighter, t: dict[str, Any]) -> None:
    """The match's fields (``t``, as read) agree with each other and with the phase (an
    impossible phase is refused)."""
    phase, window, seats = t["phase"], t["window"], t["fighters"]
    ring, wins, results, winner = t["ring"], t["wins"], t["fights"], t["round_winner"]
    over = phase is Phase.OVER
    for team, s in enumerate(ring):
        if s not in game.teams[team]:
            raise PositionError(f"position.ring[{team}] = {s} is not a seat of team {team} {game.teams[team]}")
    for team, p in enumerate(t["picks"]):
        if p is not None and game.mode != "tag":
            raise PositionError(f"position.picks[{team}] names a fighter, but only 2 vs 2 picks who starts")
    if phase in TAG_PHASES and game.mode != "tag":
        raise PositionError(f"position.phase '{phase}' exists only in 2 vs 2 (mode tag); this match is {game.mode}")
    for team in (0, 1):
        if wins[team] != results.count(team):
            raise PositionError(
                f"position.wins[{team}] is {wins[team]}, but position.fights shows {results.count(team)} won"
            )
    if over != window.is_closed:
        raise PositionError(
            "position.window must be closed (waiting: []) exactly when position.phase is 'over'; "
            f"phase '{phase}' with waiting {list(window.waiting)}"
        )
    need = game.best_of // 2 + 1
    decided = max(wins) >= need or (len(results) >= game.best_of and wins[0] != wins[1])
    if over and not decided and len(results) < game.best_of * 3:
        raise PositionError(f"position.phase is 'over', but fights won {wins} do not end a best of {game.best_of}")
    if not over and decided:
        raise PositionError(f"position.wins {wins} have won the best of {game.best_of}, but phase is '{phase}'")
    if not over and t["fight"] != len(results) + 1:
        raise PositionError(f"position.fight is {t['fight']}, but {len(results)} fights are over: it must be the next")
    if phase is Phase.PICK:
        if t["round"] != 0:
            raise PositionError("position.round must be 0 while the teams pick who starts the fight")
    elif t["round"] < 1 and not over:
        raise PositionError(f"position.round must be at least 1 in phase '{phase}'")
    for s in window.waiting:
        if not _may_decide(game, t, s):
            raise PositionError(f"position.window waits for seat {s}, who has no decision in phase '{phase}'")
    for s, seat in enumerate(seats):
        where = f"position.fighters[{s}]"
        in_ring = s in ring
        if seat.ko and not over:
            raise PositionError(f"{where}.ko is true, but a knocked-out fighter ends the fight ('{phase}')")
        if seat.damage and (phase is not Phase.DAMAGE or s not in window.waiting):
            raise PositionError(f"{where}.damage is {seat.damage}, but only a fighter taking damage owes any")
        if seat.damage and (seat.staggering or seat.damage >= len(seat.hand) + len(seat.deck)):
            raise PositionError(f"{where}.damage {seat.damage} would have knocked the fighter out when it was dealt")
        if phase is Phase.PLAY and s in window.waiting and seat.face_down >= 0:
            raise PositionError(f"{where}.face_down holds a card, but seat {s} has yet to play one")
        if seat.face_down >= 0 and (phase is not Phase.PLAY or s not in window.answered):
            raise PositionError(f"{where}.face_down holds a card, but only a fighter who has played face down does")
        if phase is Phase.PLAY and s in window.answered and seat.face_down < 0:
            raise PositionError(f"{where}.face_down is null, but seat {s} has played its card face down")
        if seat.play and (not in_ring or phase in (Phase.PLAY, Phase.PICK, Phase.DISCARD, Phase.TAG)):
            raise PositionError(f"{where}.play holds cards, but no round is being played in phase '{phase}'")
        if in_ring and not seat.play and phase in (Phase.RETRO, Phase.COMBO, Phase.DAMAGE, Phase.BREATH):
            raise PositionError(f"{where}.play is empty, but the round's cards are in play in phase '{phase}'")
        if seat.retro == OFFERED and phase is not Phase.RETRO:
            raise PositionError(f"{where}.retro is 'offered' outside a retroactive power's window")
        if not seat.deck and not seat.staggering and not seat.damage and not over and s != game.ai:
            raise PositionError(
                f"{where}.deck is empty, but the fighter is not Staggering (the Staggering Card shows once the "
                "deck runs out and the discard pile becomes the new deck)"
            )
    revealed = phase in (Phase.RETRO, Phase.COMBO, Phase.DAMAGE, Phase.BREATH)
    if revealed == (winner == NO_WINNER) and phase not in (Phase.DISCARD, Phase.TAG, Phase.OVER):
        what = "names no round winner" if revealed else "names a round winner before the reveal"
        raise PositionError(f"position.round_winner {what} (phase '{phase}')")
    if phase is Phase.COMBO and window.waiting != (winner,):
        raise PositionError("position.window must wait for the round's winner only in phase 'combo'")


def _may_decide(game: ComboFighter, t: dict[str, Any], s: int) -> bool:
    phase, ring, winner = t["phase"], t["ring"], t["round_winner"]
    if s in game.rules_seats:
        return False
    if phase is Phase.PICK:
        return s in (game.teams[0][0], game.teams[1][0])
    if phase is Phase.BREATH:
        return s not in ring and winner >= 0 and game.team[s] == game.team[winner]
    return s in ring


__all__ = ["check_fighter", "check_match", "read_position"]
