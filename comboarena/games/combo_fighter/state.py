"""A match of Combo Fighter in progress: the protocol over its one state object.

A match is best of 3 fights (option ``best_of``); a fight is rounds until a
fighter is knocked out. Each round: both fighters play a card face down (one
:class:`~comboarena.core.Window` holds both seats); the reveal and the Win
Circle decide who wins; retroactive powers are offered to their owners; the
winner combos (or, on a tie, both deal Opening Damage); the damaged fighters
take damage card by card; then the end of the round (played cards discarded,
optional discards, refill, end-of-round effects).

:class:`FighterState` holds the fields declared in :mod:`.fields` and answers the
protocol (``to_act``, ``legal_actions``, ``apply``, ``view``, ``result``,
``check_invariants``); the rules are modules of functions over it, one per part
of the rulebook:

- :mod:`.match`: the fight and the match (setup, end of a fight, best of 3);
- :mod:`.round`: a round up to the Win Circle's verdict (face-down plays, the
  reveal, retroactive powers);
- :mod:`.combos`: combos and Signature Combos;
- :mod:`.damage`: dealing and taking damage, knock-outs;
- :mod:`.staggering`: drawing from the deck and the Staggering Card;
- :mod:`.end_of_round`: discards, refill and end-of-round effects (token flips);
- :mod:`.hand`: a card taken from your hand (playing, discarding, taking damage).

What the modes change is theirs: :mod:`.versus` (the rulebook's 1 v 1, and the
hooks the other modes change), :mod:`.solo` (the rulebook's AI plays seat 1) and
:mod:`.tag` (2 vs 2). ``game.mode_rules`` is the table's.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from comboarena.core import (
    Action,
    Chance,
    Event,
    GameNotOver,
    IllegalAction,
    InvariantError,
    Result,
    State,
    Window,
    check_seat,
    team_result,
)
from comboarena.core.zones import check_conserved

from .actions import DECK, DONE, PASS, POWER, REST
from .combos import combo_actions
from .content import ATTACK
from .estimate import estimate
from .fields import CLOSED, FIELDS, NO_WINNER, TIE, FighterSeat, fresh_seat
from .match import start_fight
from .rules import damage_risks
from .view import RETRO_STATES, SIDES, FighterSeatView, FighterView, Phase, Termination
from .words import PHASE_WORDS

if TYPE_CHECKING:
    from .game import ComboFighter

# Module aliases: compared with ``is`` on the hot path.
PICK, PLAY, RETRO, COMBO, DAMAGE = Phase.PICK, Phase.PLAY, Phase.RETRO, Phase.COMBO, Phase.DAMAGE
DISCARD, OVER = Phase.DISCARD, Phase.OVER
#: The keys of a view, in order (``view`` fills a copy of each): a fighter's, a
#: spectator's, and a seat's (a spectator's and its own hand, face-down card and pick).
_SEAT_VIEW = dict.fromkeys(
    (
        "fighter",
        "hand_size",
        "deck",
        "discard",
        "aside",
        "play",
        "set_aside",
        "drawn",
        "side",
        "x",
        "staggering",
        "chosen",
        "damage",
        "ko",
        "retro",
        "speed_bonus",
        "flip",
        "risks",
    )
)
_SPECTATOR_VIEW = dict.fromkeys(
    (
        "game",
        "seat",
        "mode",
        "players",
        "best_of",
        "fight",
        "round",
        "wins",
        "fights",
        "phase",
        "to_act",
        "ring",
        "winner",
        "tie",
        "picked",
        "shuffles",
        "over",
        "fighters",
    )
)
_SEAT_VIEW_TOP = dict.fromkeys((*_SPECTATOR_VIEW, "hand", "choice", "pick"))
#: The most cards a hand may hold (Lucia's side B refills to 6; a stacked hand may hold 7).
MAX_HAND = 7


class FighterState(State):
    """A match of Combo Fighter. Its fields are declared once, in :mod:`.fields`."""

    __slots__ = FIELDS.names

    game: ComboFighter
    phase: Phase
    window: Window
    fight: int
    round: int
    wins: list[int]
    fights: list[int]
    ring: list[int]
    picks: list[str | None]
    round_winner: int
    stacked: dict[str, Any] | None
    fighters: list[FighterSeat]

    # -- protocol ---------------------------------------------------------------------

    @property
    def to_act(self) -> tuple[int, ...]:
        return self.window.waiting

    @property
    def is_over(self) -> bool:
        return self.phase is OVER

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.window.waiting:
            return []
        phase = self.phase
        if phase is DISCARD:
            out = _distinct(self.fighters[seat].hand, self.game.acts[seat])
            out.append(DONE)
            return out
        if phase is PLAY:
            return _distinct(self.fighters[seat].hand, self.game.acts[seat])
        if phase is DAMAGE:
            you = self.fighters[seat]
            out = _distinct(you.hand, self.game.acts[seat])
            if you.deck:
                out.append(DECK)
                if you.damage > 1:
                    out.append(REST)
            return out
        if phase is COMBO:
            return combo_actions(self, seat)
        if phase is RETRO:
            return [POWER, PASS]
        return self.game.mode_rules.mode_actions(self, seat)

    def apply(self, seat: int, action: Action | str) -> list[Event]:
        if action.__class__ is str:
            action = self.game.parse_action(action)  # type: ignore[arg-type]
        if seat not in self.window.waiting:
            check_seat(self.game, seat)
            if self.phase is OVER:
                raise self._illegal(seat, action, "the match is over")
            raise self._illegal(seat, action, f"it is not seat {seat}'s decision now ({self.deciding()})")
        # Each phase's rule refuses an action (IllegalAction) before it changes anything.
        events = self.game.handlers[self.phase](self, seat, action)  # type: ignore[arg-type]
        self._log.append((seat, action))  # type: ignore[arg-type]
        return events

    def view(self, seat: int | None) -> FighterView:  # type: ignore[override]
        g = self.game
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < g.players):
            check_seat(g, seat)  # raises: the plain test first, as agents ask for a view each move
        fighters: list[FighterSeatView] = []
        add = fighters.append
        # Agents ask for a view at every decision: each dict is a copy of one with its keys
        # in order and what a match never changes filled in (:func:`view_templates`; copied
        # without hashing the keys again), then filled. Most of these lists are empty most
        # of the time: an empty one costs no loop. The longer ones (discard pile, play area,
        # hand) are named by one ``itemgetter`` call: no comprehension to set up, no step
        # per card. (Annotated rather than ``cast``: that would be a call per dict.)
        for s, f in enumerate(self.fighters):
            codes = g.codes[s]
            hand, deck, damage = len(f.hand), len(f.deck), f.damage
            discard, aside, play, drawn = f.discard, f.aside, f.play, f.drawn
            x_base, x_per_aside = g.x_terms[s][f.side]
            fv: FighterSeatView = g.view_parts[s].copy()  # type: ignore[assignment]
            fv["hand_size"] = hand
            fv["deck"] = deck
            fv["discard"] = (
                (list(itemgetter(*discard)(codes)) if len(discard) > 1 else [codes[discard[0]]]) if discard else []
            )
            fv["aside"] = [codes[t] for t in aside] if aside else []
            fv["play"] = (list(itemgetter(*play)(codes)) if len(play) > 1 else [codes[play[0]]]) if play else []
            fv["set_aside"] = f.set_aside[:]
            fv["drawn"] = [codes[t] for t in drawn] if drawn else []
            fv["side"] = SIDES[f.side]
            fv["x"] = x_base + x_per_aside * len(aside)
            fv["staggering"] = f.staggering
            fv["chosen"] = f.face_down >= 0
            fv["damage"] = damage
            fv["ko"] = f.ko
            fv["retro"] = RETRO_STATES[f.retro]
            fv["speed_bonus"] = f.speed_bonus
            fv["flip"] = f.flip
            # (a new dict at every call)
            fv["risks"] = damage_risks(hand, deck, damage, f.staggering) if damage else {}  # type: ignore[typeddict-item]
            add(fv)
        winner = self.round_winner
        a, b = self.picks
        v: FighterView = (g.spectator_view if seat is None else g.seat_views[seat]).copy()  # type: ignore[assignment]
        v["fight"] = self.fight
        v["round"] = self.round
        v["wins"] = self.wins[:]
        v["fights"] = self.fights[:]
        v["phase"] = self.phase
        v["to_act"] = [*self.window.waiting]
        v["ring"] = self.ring[:]
        v["winner"] = winner if winner >= 0 else None
        v["tie"] = winner == TIE
        v["picked"] = [a is not None, b is not None]
        v["shuffles"] = self._chance.draws
        v["over"] = self.phase is OVER
        v["fighters"] = fighters
        if seat is not None:
            codes = g.codes[seat]
            you = self.fighters[seat]
            held = you.hand
            v["hand"] = (list(itemgetter(*held)(codes)) if len(held) > 1 else [codes[held[0]]]) if held else []
            v["choice"] = codes[you.face_down] if you.face_down >= 0 else None
            v["pick"] = self.picks[g.team[seat]]
        return v

    def result(self) -> Result:
        if self.phase is not OVER:
            raise GameNotOver("the Combo Fighter match is not over yet; result() is known at the end")
        a, b = self.wins
        reason = Termination.drawn(a) if a == b else Termination.won(max(a, b), min(a, b))
        return team_result(self.game.teams, self.wins, reason, reason)

    def estimate(self) -> tuple[float, ...] | None:
        return estimate(self)

    def check_invariants(self) -> None:
        """Every card of every fighter is in exactly one place (hand, deck, discard pile,
        set aside, play area or face down); decisions are owed exactly until the end."""
        g = self.game
        for s, f in enumerate(self.fighters):
            codes = g.codes[s]
            check_conserved((codes[t] for t in self.cards_of(s)), g.decks[s], f"{g.fighters[s].name}'s cards")
            if f.damage < 0 or len(f.hand) > MAX_HAND:
                raise InvariantError(f"seat {s}: damage {f.damage}, hand of {len(f.hand)}")
            if s == g.ai and f.hand:
                raise InvariantError("the solo AI holds a hand")
        if self.is_over != (self.to_act == ()):
            raise InvariantError(f"phase {self.phase} with to_act {self.to_act}")
        for team, s in enumerate(self.ring):
            if s not in g.teams[team]:
                raise InvariantError(f"seat {s} is in the ring for team {team}")

    # -- queries used by the rules, the agents and the text UI -----------------------

    def x(self, seat: int) -> int:
        """The value of X for ``seat``'s fighter now (its Power Token)."""
        f = self.fighters[seat]
        return self.game.powers[seat].x(f.side, len(f.aside))

    def speed(self, seat: int, t: int) -> int:
        """The Speed of ``seat``'s card ``t`` now: the card's, the Power Token's and any
        retroactive power's (0 for a card that is no attack)."""
        card = self.game.fighters[seat].cards[t]
        if card.kind != ATTACK:
            return 0
        f = self.fighters[seat]
        return card.speed + self.game.powers[seat].speeds[f.side] + f.speed_bonus

    def opponent(self, seat: int) -> int:
        """The fighter in the ring facing ``seat``."""
        a, b = self.ring
        return b if seat == a else a

    def deciding(self) -> str:
        """What the seats to act are deciding, in words (for refusals)."""
        names = " and ".join(self.game.fighters[s].name for s in self.window.waiting)
        return f"{names}: {PHASE_WORDS[self.phase]}"

    def answer(self, seat: int) -> bool:
        """``seat`` has answered the open window; ``True`` once nobody is left to answer
        (the rules that follow then open the next window)."""
        window = self.window
        if len(window.waiting) == 1:
            return True
        self.window = window.answer(seat)
        return False

    def refuse(self, seat: int, action: Action, why: str) -> IllegalAction:
        """The refusal of ``action`` (``IllegalAction``: why, and what is legal now)."""
        return self._illegal(seat, action, why)

    def cards_of(self, seat: int) -> list[int]:
        """Every card of ``seat``'s fighter, wherever it lies (for the invariant)."""
        f = self.fighters[seat]
        out = f.hand + f.deck + f.discard + f.aside + f.play
        if f.face_down >= 0:
            out.append(f.face_down)
        return out


FIELDS.install(FighterState)


def build(
    game: ComboFighter,
    chance: Chance,
    *,
    phase: Phase,
    window: Window,
    fight: int,
    round: int,
    wins: list[int],
    fights: list[int],
    ring: list[int],
    picks: list[str | None],
    round_winner: int,
    stacked: dict[str, Any] | None,
    fighters: list[FighterSeat],
) -> FighterState:
    """A state from its parts: the deal, a position and a determinization all come here
    (the ``fighters`` records become the state's; their hands are sorted)."""
    for f in fighters:
        f.hand = sorted(f.hand)
    values = {
        "phase": phase,
        "window": window,
        "fight": fight,
        "round": round,
        "wins": list(wins),
        "fights": list(fights),
        "ring": list(ring),
        "picks": list(picks),
        "round_winner": round_winner,
        "stacked": stacked,
        "fighters": fighters,
    }
    state: FighterState = FIELDS.build(FighterState, game, chance, values, stacked)
    return state


def new_state(game: ComboFighter, chance: Chance, stacked: dict[str, Any] | None) -> FighterState:
    """A new match: fight 1 set up (and, 2 vs 2, the teams' picks opened)."""
    ring = [game.teams[0][0], game.teams[1][0]]
    s = build(
        game,
        chance,
        phase=PLAY,
        window=CLOSED,
        fight=1,
        round=0,
        wins=[0, 0],
        fights=[],
        ring=ring,
        picks=[None, None],
        round_winner=NO_WINNER,
        stacked=stacked,
        fighters=[fresh_seat(sheet, [], [], [], [], 0) for sheet in game.fighters],
    )
    start_fight(s, [])
    return s


def view_templates(game: ComboFighter) -> tuple[tuple[dict[str, Any], ...], tuple[dict[str, Any], ...], dict[str, Any]]:
    """What :meth:`FighterState.view` copies: the keys of its dicts in order, with what never
    changes in a match filled in. Per seat, its fighter's part of a view and its own view;
    and a spectator's view."""
    parts = tuple({**_SEAT_VIEW, "fighter": f.id} for f in game.fighters)
    common = {"game": "combo-fighter", "mode": game.mode, "players": game.players, "best_of": game.best_of}
    seats = tuple({**_SEAT_VIEW_TOP, **common, "seat": s} for s in range(game.players))
    return parts, seats, {**_SPECTATOR_VIEW, **common, "seat": None}


def _distinct(cards: list[int], acts: tuple[Action, ...]) -> list[Action]:
    """The actions of the distinct cards of a sorted list."""
    out: list[Action] = []
    last = -1
    for t in cards:
        if t != last:
            out.append(acts[t])
            last = t
    return out


__all__ = ["MAX_HAND", "FighterState", "build", "new_state", "view_templates"]
