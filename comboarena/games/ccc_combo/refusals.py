"""Why a move is refused, in words, from the public table (a spectator's view).

The rules (``state.py``) decide *that* a move is refused; these say *why* in
the terms of the rulebook, to the player who tried it. The state adds what is
legal now. Refusals of a card itself (you do not hold it, it matches neither
suit nor value, it goes on your own pile) are written where the rule is.

>>> view = {"phase": "burn", "turn": 0, "burn": {"seat": 1, "owed": 1}, "big_players": [0, 1]}
>>> not_your_decision(view, 3, "pass")
'seat 1 is burning cards (1 more card to burn)'
"""

from __future__ import annotations

from .seats import partner
from .view import CccView, Phase
from .words import a_value, cards, more_cards

#: What a seat that owes a decision may do, per phase.
DOING: dict[str, str] = {
    Phase.BIG_PLAYERS: "now each team names its Big Player (bp <seat>)",
    Phase.PLAY: "on your turn you play a card on another pile (7H>2) or discard one (discard 7H)",
    Phase.BURN: "burn one card you hold per decision (burn 7H)",
    Phase.HEAL: "a Big Player decides to draw or to heal",
}


def not_your_decision(view: CccView, seat: int, kind: str) -> str:
    """Why ``seat``, who owes no decision now, may not act. ``kind`` is the move's
    word: ``play`` (a card on a pile), ``discard``, ``pass``, ``burn``, ``draw``,
    ``heal``, ``bp``."""
    phase = view["phase"]
    if phase == Phase.OVER:
        return "no move is made after the end"
    if phase == Phase.BIG_PLAYERS:
        return "your team has named its Big Player" if seat < 2 else "the Big Players are named by seats 0 and 1"
    turn = view["turn"]
    if phase == Phase.WINDOW:
        if seat == turn:
            return "you played the COMBO; the other players may counter it"
        return "you have already answered this reaction window"
    if kind in ("draw", "heal") and view["big_players"][seat % 2] != seat:
        return not_big(view, seat)
    if phase == Phase.PLAY:
        why = f"it is seat {turn}'s turn"
        if kind == "play":
            why += "; out of turn a COUNTER may only answer a COMBO, in the reaction window that follows it"
        return why
    burn = view["burn"]
    if burn is not None:  # phase burn
        return f"seat {burn['seat']} is burning cards ({more_cards(burn['owed'])} to burn)"
    s, count, reason = view["draws"][0]
    return f"seat {s} (Big Player) decides to draw or heal ({cards(int(count))}, {reason} draw)"


def not_now(view: CccView, seat: int, kind: str) -> str:
    """Why ``seat``, who owes a decision now, may not make a move of another phase."""
    phase = view["phase"]
    if kind in ("draw", "heal"):
        why = not_big(view, seat) if view["big_players"][seat % 2] != seat else "you are not owed a draw now"
    elif kind == "bp":
        why = "the Big Players are named already"
    elif phase == Phase.BIG_PLAYERS:
        why = "no cards are dealt before the Big Players are named"
    elif phase == Phase.PLAY:
        why = "there is no COMBO to answer" if kind == "pass" else "you burn only when a COMBO on your pile stands"
    elif phase == Phase.WINDOW:
        why = "a DISCARD is played only on your turn" if kind == "discard" else "nothing burns before the COMBO stands"
    elif (burn := view["burn"]) is not None:  # phase burn
        why = f"you burn {more_cards(burn['owed'])} before anything else happens"
    else:
        _, count, reason = view["draws"][0]
        return (
            f"you are owed a draw of {cards(int(count))} ({reason}): draw, or heal "
            f"(your partner, seat {partner(seat)}, draws instead)"
        )
    return f"{why}; {doing(view)}"


def doing(view: CccView) -> str:
    """What the seats that owe a decision may do now, in words."""
    window = view["window"]
    if window is not None:
        return (
            f"in the reaction window you pass or COUNTER the COMBO just played "
            f"({a_value(window['card'])} on pile {window['pile']})"
        )
    return DOING[view["phase"]]


def not_big(view: CccView, seat: int) -> str:
    """Only a Big Player decides to draw or heal."""
    big = view["big_players"][seat % 2]
    named = f"seat {big} is your team's" if big is not None else "your team has none yet"
    return f"only a Big Player may HEAL, when they draw ({named})"


__all__ = ["DOING", "doing", "not_big", "not_now", "not_your_decision"]
