"""What a game's "card" is, for the balance report, and per-card tallies.

A game declares its card rules with a class attribute on its game class,
``balance = "comboarena.games.<game>.balance:<Class>"`` (a class built from the game
that has what :class:`CardRules` lists), as it names its agents and text UI in
:class:`GameInfo`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from comboarena.core import Action, Game, OptionError, State
from comboarena.core.loading import load_object

from ..stats import wilson


class CardRules(Protocol):
    """Which card an action plays, and how to build the game without one (a game's
    ``balance`` class has these; games do not import the simulator, so it is a protocol).

    ``noun`` says what a card is (``"rank"``, ``"fighter card"``, ``"job ability"``);
    ``fixed`` says why a card cannot be removed where :meth:`without` answers ``None``.
    A game whose seats hold different cards (Combo Fighter's fighters) may also have
    ``offered(seat)``: the cards that seat could play this game, the play rate's base.
    """

    noun: str
    fixed: str

    def played(self, state: State, seat: int, action: Action) -> str | None:
        """The card ``seat`` plays with ``action`` in ``state`` (before it is applied), or ``None``."""
        ...

    def without(self, card: str) -> dict[str, Any] | None:
        """The options of this game with ``card`` removed, or ``None`` where options cannot remove it."""
        ...


def card_rules(game: Game) -> CardRules:
    """The card rules ``game`` declares; :class:`OptionError` if it declares none."""
    target = getattr(type(game), "balance", "")
    if not target:
        raise OptionError(f"{game.name} declares no card rules (a 'balance' module); the report cannot count cards")
    made: CardRules = load_object(target)(game)
    return made


@dataclass
class CardTally:
    """One card over seat-games: how often a seat played it, and how those seats did.

    A seat-game is one seat in one game; ``played`` counts those in which the seat played
    the card at least once, ``wins`` those of them the seat won, ``plays`` every play, and
    ``offered`` those in which the seat held the card (0: every seat-game did).
    """

    card: str
    played: int = 0
    wins: int = 0
    plays: int = 0
    offered: int = 0  # seat-games that held the card, where the game says (``offered``)
    offered_wins: int = 0  # of those, the ones the seat won

    def merge(self, other: CardTally) -> None:
        self.offered += other.offered
        self.offered_wins += other.offered_wins
        self.played += other.played
        self.wins += other.wins
        self.plays += other.plays

    def to_dict(self, seat_games: int, seat_wins: int) -> dict[str, Any]:
        """The card's row; ``seat_games`` and ``seat_wins`` (every seat's) stand in for
        ``offered`` and ``offered_wins`` where every seat-game held the card."""
        lo, hi = wilson(self.wins, self.played)
        held, held_wins = (self.offered, self.offered_wins) if self.offered else (seat_games, seat_wins)
        rest, rest_wins = held - self.played, held_wins - self.wins
        rest_lo, rest_hi = wilson(rest_wins, rest)
        return {
            "card": self.card,
            "played": self.played,
            "wins": self.wins,
            "plays": self.plays,
            "offered": held,
            "play_rate": self.played / held if held else 0.0,
            "win_rate": self.wins / self.played if self.played else 0.0,
            "ci95": [lo, hi],
            # The seats that held the card and did not play it: what "when played" is read against.
            "not_played": rest,
            "not_played_wins": rest_wins,
            "not_played_win_rate": rest_wins / rest if rest else 0.0,
            "not_played_ci95": [rest_lo, rest_hi],
        }


__all__ = ["CardRules", "CardTally", "card_rules"]
