"""Stacked decks (``new_state(deck=...)``): scenarios set up each fighter exactly.

``deck`` is a list with one entry per seat for the first fight, or
``{"fights": [[entry per seat], ...]}`` for several fights (fights beyond the
list are shuffled as usual). See ``docs/rules/combo-fighter.md``, "Stacked
decks". :func:`check_deck` validates one and returns its normal (JSON) form,
which the record stores; :func:`stack_for` reads the set-up of one fight.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import OptionError

if TYPE_CHECKING:
    from .game import ComboFighter


class Stack(NamedTuple):
    """One fighter's stacked set-up for a fight (card types)."""

    hand: tuple[int, ...] | None
    draw: tuple[int, ...]  # top first
    discard: tuple[int, ...]
    aside: tuple[int, ...] | None
    rest: str  # where the cards not named go: "deck" (shuffled under the stack) or "discard"
    side: int  # the Power Token's side at the start (0: A, as the rulebook sets up; 1: B)


def stack_for(game: ComboFighter, deck: Any, fight: int) -> list[Stack | None] | None:
    """The stacked set-up of each seat for fight ``fight`` (1-based), if any."""
    if deck is None:
        return None
    fights = deck["fights"]
    if fight > len(fights):
        return None
    return [None if e is None else _stack(game, s, e) for s, e in enumerate(fights[fight - 1])]


def _stack(game: ComboFighter, seat: int, entry: dict[str, Any]) -> Stack:
    f = game.fighters[seat]
    hand = entry.get("hand")
    aside = entry.get("aside")
    return Stack(
        None if hand is None else tuple(f.types(hand)),
        tuple(f.types(entry.get("draw", []))),
        tuple(f.types(entry.get("discard", []))),
        None if aside is None else tuple(f.types(aside)),
        entry.get("rest", "deck"),
        "AB".index(entry.get("side", "A")),
    )


def check_deck(game: ComboFighter, deck: Any) -> dict[str, Any]:
    """Validate a stacked deck and return it in its normal (JSON) form.

    ``deck`` is a list with one entry per seat for the first fight, or
    ``{"fights": [[entry per seat], ...]}`` for several fights. An entry is
    ``None`` (shuffled as usual), a list of card codes (the draw order, top
    first; the hand is the Character Sheet's), or a table with any of
    ``hand``, ``draw`` (top first), ``discard``, ``aside`` (replaces the
    Power Token's set-aside cards), ``rest`` (``"deck"``: the cards not
    named are shuffled under ``draw``; ``"discard"``: they start in the
    discard pile, so the deck is exactly ``draw``) and ``side`` (``"B"``: the
    Power Token starts on side B).
    """
    example = "e.g. [['hf', 'cc'], {'hand': ['iw', 'iw', 'pa', 'hf', 'hs'], 'draw': ['lj']}]"
    if isinstance(deck, dict):
        if set(deck) != {"fights"} or not isinstance(deck["fights"], list | tuple) or not deck["fights"]:
            raise OptionError(f"a stacked deck given as a table has one key, 'fights': a list of fights; {example}")
        fights = list(deck["fights"])
    elif isinstance(deck, list | tuple):
        fights = [deck]
    else:
        raise OptionError(f"deck must be a list with one entry per seat, or {{'fights': [...]}}; {example}")
    out = []
    for k, fight in enumerate(fights):
        if not isinstance(fight, list | tuple) or len(fight) != game.players:
            raise OptionError(f"stacked fight {k + 1} must list {game.players} entries, one per seat; {example}")
        out.append([_check_entry(game, k, s, e) for s, e in enumerate(fight)])
    return {"fights": out}


def _check_entry(game: ComboFighter, k: int, seat: int, entry: Any) -> dict[str, Any] | None:
    f = game.fighters[seat]
    where = f"stacked deck, fight {k + 1}, seat {seat} ({f.name})"
    if entry is None:
        return None
    if isinstance(entry, list | tuple):
        entry = {"draw": list(entry)}
    if not isinstance(entry, dict):
        raise OptionError(f"{where}: an entry is None, a list of card codes or a table")
    unknown = set(entry) - {"hand", "draw", "discard", "aside", "rest", "side"}
    if unknown:
        keys = "hand, draw, discard, aside, rest, side"
        raise OptionError(f"{where}: unknown key {sorted(unknown)[0]!r}; keys are {keys}")
    out: dict[str, Any] = {}
    used: Counter[str] = Counter()
    for key in ("hand", "draw", "discard", "aside"):
        if key not in entry or (key in ("hand", "aside") and entry[key] is None):
            continue
        codes = entry[key]
        if isinstance(codes, str) or not isinstance(codes, list | tuple):
            raise OptionError(f"{where}: {key} must be a list of card codes")
        clean = []
        for c in codes:
            code = c.strip().lower() if isinstance(c, str) else c
            if code not in f.index:
                raise OptionError(f"{where}: {key} names {c!r}, not a card of {f.name}; codes: {', '.join(f.index)}")
            clean.append(code)
        used.update(clean)
        out[key] = clean
    if "hand" in out:
        if seat == game.ai:
            raise OptionError(f"{where}: the solo AI has no hand (it plays the top card of its deck)")
        if not 1 <= len(out["hand"]) <= 7:
            raise OptionError(f"{where}: hand must hold 1 to 7 cards, got {len(out['hand'])}")
    rest = entry.get("rest", "deck")
    if rest not in ("deck", "discard"):
        raise OptionError(f"{where}: rest must be 'deck' or 'discard', got {rest!r}")
    if rest != "deck":
        out["rest"] = rest
    side = entry.get("side", "A")
    if side not in ("A", "B"):
        raise OptionError(f"{where}: side must be 'A' or 'B' (the Power Token's side), got {side!r}")
    if side != "A":
        out["side"] = side
    # Cards the set-up takes anyway: the Character Sheet's hand and the token's set-aside cards.
    power = game.powers[seat]
    if "aside" not in out:
        used.update(f.cards[t].code for t in power.start_aside(seat == game.ai, k == 0))
    if "hand" not in out and seat != game.ai:
        used.update(f.cards[t].code for t in f.starting_hand)
    have = Counter(f.cards[t].code for t in f.composition)
    for code, count in used.items():
        if count > have[code]:
            raise OptionError(
                f"{where}: uses {count} x {code!r} ({f.cards[f.index[code]].title}) counting the starting hand "
                f"and set-aside cards, but the deck has {have[code]}"
            )
    return out


__all__ = ["Stack", "check_deck", "stack_for"]
