"""Combo Fighter's positions: the whole match as JSON, read back strictly.

Fields (after the shared envelope; ``docs/games/combo-fighter.md`` documents each):

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

from comboarena.core import Chance, Fields, PositionError, Window
from comboarena.core.zones import check_position_cards

from .base import NO_WINNER, OFFERED, TIE
from .content import Fighter
from .stacks import check_deck
from .state import FighterState, Seat, Table, build
from .view import PHASES, RETRO_STATES, SIDES, Phase

if TYPE_CHECKING:
    from .game import ComboFighter

#: The most cards a hand may hold (Lucia's side B refills to 6; a stacked hand may hold 7).
MAX_HAND = 7
#: Phases only 2 vs 2 has.
TAG_PHASES = (Phase.PICK, Phase.BREATH, Phase.TAG)


def write_position(game: ComboFighter, t: Table) -> dict[str, Any]:
    """The game's own fields of a position, from the match as plain data."""
    fighters = []
    for s, seat in enumerate(t.seats):
        codes = game.codes[s]
        fighters.append(
            {
                "hand": [codes[c] for c in seat.hand],
                "deck": [codes[c] for c in reversed(seat.draw)],
                "discard": [codes[c] for c in seat.disc],
                "aside": [codes[c] for c in seat.aside],
                "play": [codes[c] for c in seat.play],
                "set_aside": list(seat.marks),
                "drawn": [codes[c] for c in seat.drawn],
                "face_down": codes[seat.choice] if seat.choice >= 0 else None,
                "side": SIDES[seat.side],
                "staggering": seat.stag,
                "damage": seat.dmg,
                "ko": seat.ko,
                "retro": RETRO_STATES[seat.retro],
                "speed_bonus": seat.bonus,
                "flip": seat.flip,
            }
        )
    return {
        "phase": str(t.phase),
        "window": t.window.to_json(),
        "fight": t.fight,
        "round": t.round,
        "wins": list(t.wins),
        "fights": list(t.results),
        "ring": list(t.ring),
        "picks": [game.fighters[p].id if p >= 0 else None for p in t.picks],
        "round_winner": t.winner if t.winner >= 0 else ("tie" if t.winner == TIE else None),
        "stacked": t.stacked,
        "fighters": fighters,
    }


def read_position(game: ComboFighter, f: Fields, chance: Chance) -> FighterState:
    """Read a position's fields; raises :class:`PositionError` naming what is wrong and where."""
    n = game.players
    phase = Phase(f.text("phase", [str(p) for p in PHASES]))
    window = Window.from_json(f.get("window"), f.path("window"), n)
    fight = f.number("fight", 1)
    rnd = f.number("round", 0)
    wins = f.items("wins", _count, length=2)
    results = f.items("fights", _fight_result)
    ring = f.items("ring", lambda v, where: _seat(v, where, n), length=2)
    picks = [_pick(game, p, f"{f.path('picks')}[{team}]", team) for team, p in enumerate(f.seq("picks", length=2))]
    winner = _round_winner(f.get("round_winner"), f.path("round_winner"), n)
    stacked = f.get("stacked")
    if stacked is not None:
        stacked = check_deck(game, stacked)
    seats = [
        _fighter(game, s, entry, f"{f.path('fighters')}[{s}]") for s, entry in enumerate(f.seq("fighters", length=n))
    ]
    table = Table(phase, window, fight, rnd, wins, results, ring, picks, winner, seats, stacked)
    _check_match(game, table)
    return build(game, chance, table)


# -- one fighter ---------------------------------------------------------------------------


def _fighter(game: ComboFighter, s: int, data: Any, where: str) -> Seat:
    f = Fields(data, where)
    fighter = game.fighters[s]
    hand = _cards(fighter, f, "hand")
    deck = _cards(fighter, f, "deck")
    disc = _cards(fighter, f, "discard")
    aside = _cards(fighter, f, "aside")
    play = _cards(fighter, f, "play")
    drawn = _cards(fighter, f, "drawn")
    down = f.get("face_down")
    face_down = [] if down is None else _cards(fighter, f, "face_down", [down])
    marks = f.items("set_aside", _count)
    side = SIDES.index(f.text("side", SIDES))
    stag = f.flag("staggering")
    dmg = f.number("damage", 0, 200)
    ko = f.flag("ko")
    retro = RETRO_STATES.index(f.text("retro", [str(r) for r in RETRO_STATES]))
    bonus = f.number("speed_bonus", 0, 50)
    flip = f.flag("flip")
    f.done()
    zones = [(f"{where}.{name}", cards) for name, cards in (("hand", hand), ("deck", deck), ("discard", disc))]
    zones += [(f"{where}.aside", aside), (f"{where}.play", play), (f"{where}.face_down", face_down)]
    check_position_cards(zones, game.decks[s], f"{fighter.name}'s Action Deck")
    if len(hand) > MAX_HAND:
        raise PositionError(f"{where}.hand holds {len(hand)} cards; a hand holds at most {MAX_HAND}")
    if s == game.ai and hand:
        raise PositionError(f"{where}.hand holds cards, but seat {s} is the solo AI, which has no hand")
    if s != game.ai and drawn:
        raise PositionError(f"{where}.drawn names cards, but only the solo AI draws cards to combo")
    for i, m in enumerate(marks):
        if m >= len(play) or m == 0 or marks.count(m) > 1:
            raise PositionError(
                f"{where}.set_aside[{i}] = {m} does not name a card after the first of "
                f"{where}.play (1..{len(play) - 1}), once each"
            )
    types = fighter.types
    return Seat(
        types(hand),
        types(deck)[::-1],
        types(disc),
        types(aside),
        types(play),
        marks,
        types(drawn),
        side,
        stag,
        dmg,
        ko,
        types(face_down)[0] if face_down else -1,
        retro,
        bonus,
        flip,
    )


def _cards(fighter: Fighter, f: Fields, key: str, value: Any = None) -> list[str]:
    cards = f.seq(key) if value is None else value
    for i, code in enumerate(cards):
        if code not in fighter.index:
            raise PositionError(
                f"{f.path(key)}[{i}] = {code!r} is not a card of {fighter.name} (codes: {', '.join(fighter.index)})"
            )
    return list(cards)


# -- the match -----------------------------------------------------------------------------


def _check_match(game: ComboFighter, t: Table) -> None:
    """The match's parts agree with each other and with the phase (an impossible phase is refused)."""
    phase, window, seats = t.phase, t.window, t.seats
    over = phase is Phase.OVER
    for team, s in enumerate(t.ring):
        if s not in game.teams[team]:
            raise PositionError(f"position.ring[{team}] = {s} is not a seat of team {team} {game.teams[team]}")
    for team, p in enumerate(t.picks):
        if p >= 0 and game.mode != "tag":
            raise PositionError(f"position.picks[{team}] names a fighter, but only 2 vs 2 picks who starts")
    if phase in TAG_PHASES and game.mode != "tag":
        raise PositionError(f"position.phase '{phase}' exists only in 2 vs 2 (mode tag); this match is {game.mode}")
    for team in (0, 1):
        if t.wins[team] != t.results.count(team):
            raise PositionError(
                f"position.wins[{team}] is {t.wins[team]}, but position.fights shows {t.results.count(team)} won"
            )
    if over != window.is_closed:
        raise PositionError(
            "position.window must be closed (waiting: []) exactly when position.phase is 'over'; "
            f"phase '{phase}' with waiting {list(window.waiting)}"
        )
    need = game.best_of // 2 + 1
    decided = max(t.wins) >= need or (len(t.results) >= game.best_of and t.wins[0] != t.wins[1])
    if over and not decided and len(t.results) < game.best_of * 3:
        raise PositionError(f"position.phase is 'over', but fights won {t.wins} do not end a best of {game.best_of}")
    if not over and decided:
        raise PositionError(f"position.wins {t.wins} have won the best of {game.best_of}, but phase is '{phase}'")
    if not over and t.fight != len(t.results) + 1:
        raise PositionError(f"position.fight is {t.fight}, but {len(t.results)} fights are over: it must be the next")
    if phase is Phase.PICK:
        if t.round != 0:
            raise PositionError("position.round must be 0 while the teams pick who starts the fight")
    elif t.round < 1 and not over:
        raise PositionError(f"position.round must be at least 1 in phase '{phase}'")
    for s in window.waiting:
        if not _may_decide(game, t, s):
            raise PositionError(f"position.window waits for seat {s}, who has no decision in phase '{phase}'")
    for s, seat in enumerate(seats):
        where = f"position.fighters[{s}]"
        in_ring = s in t.ring
        if seat.ko and not over:
            raise PositionError(f"{where}.ko is true, but a knocked-out fighter ends the fight ('{phase}')")
        if seat.dmg and (phase is not Phase.DAMAGE or s not in window.waiting):
            raise PositionError(f"{where}.damage is {seat.dmg}, but only a fighter taking damage owes any")
        if seat.dmg and (seat.stag or seat.dmg >= len(seat.hand) + len(seat.draw)):
            raise PositionError(f"{where}.damage {seat.dmg} would have knocked the fighter out when it was dealt")
        if phase is Phase.PLAY and s in window.waiting and seat.choice >= 0:
            raise PositionError(f"{where}.face_down holds a card, but seat {s} has yet to play one")
        if seat.choice >= 0 and (phase is not Phase.PLAY or s not in window.answered):
            raise PositionError(f"{where}.face_down holds a card, but only a fighter who has played face down does")
        if phase is Phase.PLAY and s in window.answered and seat.choice < 0:
            raise PositionError(f"{where}.face_down is null, but seat {s} has played its card face down")
        if seat.play and (not in_ring or phase in (Phase.PLAY, Phase.PICK, Phase.DISCARD, Phase.TAG)):
            raise PositionError(f"{where}.play holds cards, but no round is being played in phase '{phase}'")
        if in_ring and not seat.play and phase in (Phase.RETRO, Phase.COMBO, Phase.DAMAGE, Phase.BREATH):
            raise PositionError(f"{where}.play is empty, but the round's cards are in play in phase '{phase}'")
        if seat.retro == OFFERED and phase is not Phase.RETRO:
            raise PositionError(f"{where}.retro is 'offered' outside a retroactive power's window")
        if not seat.draw and not seat.stag and not seat.dmg and not over and s != game.ai:
            raise PositionError(
                f"{where}.deck is empty, but the fighter is not Staggering (the Staggering Card shows once the "
                "deck runs out and the discard pile becomes the new deck)"
            )
    revealed = phase in (Phase.RETRO, Phase.COMBO, Phase.DAMAGE, Phase.BREATH)
    if revealed == (t.winner == NO_WINNER) and phase not in (Phase.DISCARD, Phase.TAG, Phase.OVER):
        what = "names no round winner" if revealed else "names a round winner before the reveal"
        raise PositionError(f"position.round_winner {what} (phase '{phase}')")
    if phase is Phase.COMBO and window.waiting != (t.winner,):
        raise PositionError("position.window must wait for the round's winner only in phase 'combo'")


def _may_decide(game: ComboFighter, t: Table, s: int) -> bool:
    phase = t.phase
    if s in game.rules_seats:
        return False
    if phase is Phase.PICK:
        return s in (game.teams[0][0], game.teams[1][0])
    if phase is Phase.BREATH:
        return s not in t.ring and t.winner >= 0 and game.team[s] == game.team[t.winner]
    return s in t.ring


# -- small readers -------------------------------------------------------------------------


def _count(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise PositionError(f"{where} must be a whole number >= 0, got {value!r}")
    return value


def _fight_result(value: Any, where: str) -> int:
    if value not in (-1, 0, 1) or isinstance(value, bool):
        raise PositionError(f"{where} must be 0 or 1 (the team that won the fight) or -1 (drawn), got {value!r}")
    return int(value)


def _seat(value: Any, where: str, n: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise PositionError(f"{where} must be a seat from 0 to {n - 1}, got {value!r}")
    return value


def _pick(game: ComboFighter, value: Any, where: str, team: int) -> int:
    if value is None:
        return -1
    for s in game.teams[team]:
        if game.fighters[s].id == value:
            return s
    names = ", ".join(game.fighters[s].id for s in game.teams[team])
    raise PositionError(f"{where} = {value!r} is not a fighter of team {team} ({names})")


def _round_winner(value: Any, where: str, n: int) -> int:
    if value is None:
        return NO_WINNER
    if value == "tie":
        return TIE
    return _seat(value, where, n)


__all__ = ["read_position", "write_position"]
