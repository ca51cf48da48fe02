"""Combo Fighter for learning libraries: numbered actions and a flat observation.

Actions, for the table's fighters and mode (``docs/games/combo-fighter.md``):
the card codes of the fighters in seat order (each fighter's cards in file
order, a code shared by two fighters numbered once), then ``aside:<code>`` for
the cards a Power Token side may set aside in a combo, then the words ``end``,
``call``, ``deck``, ``rest``, ``done``, then ``power`` and ``pass`` where a
fighter played by an agent has a retroactive power (``pass`` also in 2 vs 2),
then (2 vs 2) ``tag``, ``stay`` and the fighters' ids.

The observation is computed from a view only. Seats are absolute (a one-hot
says which seat you are); card counts are per card type of the fighter at that
seat, in file order, each divided by its copies in the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Action, Encoder, Layout, check_seat

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, STAY, TAG
from .fields import TIE
from .rules import damage_risks
from .view import PHASES, RETRO_STATES, SIDES, Risk

if TYPE_CHECKING:
    from .game import ComboFighter
    from .state import FighterState

ZONES = ("discard", "aside", "play", "drawn")


def _actions(game: ComboFighter) -> list[Action]:
    out: list[Action] = []
    seen: set[str] = set()

    def add(a: Action) -> None:
        if a.text not in seen:
            seen.add(a.text)
            out.append(a)

    for acts in game.acts:
        for a in acts:
            add(a)
    for s, power in enumerate(game.powers):
        for side in (0, 1):
            for t in sorted(power.combo_aside(side)):
                add(game.aside_acts[s][t])
    for w in (END, CALL, DECK, REST, DONE):
        add(w)
    retro = any(
        p.retro(side) is not None for s, p in enumerate(game.powers) if s not in game.rules_seats for side in (0, 1)
    )
    if retro:
        add(POWER)
    if retro or game.mode == "tag":
        add(PASS)
    if game.mode == "tag":
        add(TAG)
        add(STAY)
        for pick in game.picks:
            add(pick)
    return out


class FighterEncoder(Encoder):
    """Action numbers and observations for Combo Fighter with its table's fighters and mode."""

    version = 1

    def __init__(self, game: ComboFighter) -> None:
        self.game = game
        n = game.players
        types = [len(f.cards) for f in game.fighters]
        layout = Layout()
        layout.add("phase", len(PHASES), f"one-hot phase: {', '.join(PHASES)}")
        layout.add("to_act", 1, "1 if you owe a decision now")
        layout.add("seat", n, "one-hot: your seat (all 0 for a spectator)")
        layout.add("fight", 1, "the fight's number / 5")
        layout.add("round", 1, "the round's number / 30")
        layout.add("wins", 2, "fights won by each team / 3")
        layout.add("round_winner", n + 1, "one-hot: the round's winner by seat, or a tie (last)")
        layout.add("picked", 2, "2 vs 2: 1 if the team has named its starter")
        for s in range(n):
            name = game.fighters[s].id
            layout.add(
                f"seat{s}",
                12,
                f"seat {s} ({name}): in the ring, hand size / 7, deck / 50, discard pile / 50, Staggering, "
                "knocked out, damage to take / 20, token side B, X / 10, a card face down, Speed bonus / 5, "
                "token flips this round",
            )
            layout.add(f"seat{s}_retro", len(RETRO_STATES), f"seat {s}: one-hot retro state")
            layout.add(f"seat{s}_risks", 2, f"seat {s}: 1 if deck / rest is a needless risk")
            for zone in ZONES:
                layout.add(f"seat{s}_{zone}", types[s], f"seat {s}: cards in its {zone} per card type / copies")
        layout.add("hand", max(types), "your hand per card type of your fighter / copies")
        layout.add("choice", max(types), "one-hot: your face-down card's type")
        #: per seat: the names of its features (numbers, retro, risks, then each zone's)
        self.seat_features = [
            (f"seat{s}", f"seat{s}_retro", f"seat{s}_risks", tuple(f"seat{s}_{zone}" for zone in ZONES))
            for s in range(n)
        ]
        #: per seat: what one copy of each of its fighter's card types adds to a count
        self.shares = [tuple(1.0 / card.copies for card in game.fighters[s].cards) for s in range(n)]
        super().__init__(_actions(game), layout)
        self._prepare_observe_state()

    def _prepare_observe_state(self) -> None:
        """The places and tables :meth:`observe_state` writes with."""
        game, at = self.game, {f.name: f.start for f in self.layout.features}
        self._at = at
        self._blank = self.blank()
        self._phase_at = {phase: at["phase"] + i for i, phase in enumerate(PHASES)}
        #: per seat: (start of its numbers, of its retro one-hot, of its risks, of each zone,
        #: its card types' places in the observation order, the sums by count per type)
        self._seat_at = []
        for s in range(game.players):
            fighter, codes = game.fighters[s], game.codes[s]
            order = [fighter.index[codes[t]] for t in range(len(codes))]
            sums = []
            for t in range(len(codes)):
                share, row = self.shares[s][order[t]], [0.0]
                for _ in range(4 * sum(c.copies for c in fighter.cards)):
                    row.append(row[-1] + share)
                sums.append(row)
            zones = tuple(at[f"seat{s}_{zone}"] for zone in ZONES)
            self._seat_at.append((at[f"seat{s}"], at[f"seat{s}_retro"], at[f"seat{s}_risks"], zones, order, sums))

    def observe(self, view: dict[str, Any]) -> list[float]:
        obs = self.observation()
        game = self.game
        me = view["seat"]
        obs.one_hot("phase", PHASES.index(view["phase"]))
        obs["to_act"] = 1.0 if me is not None and me in view["to_act"] else 0.0
        obs.one_hot("seat", me)
        obs["fight"] = view["fight"] / 5
        obs["round"] = view["round"] / 30
        wins, picked = obs["wins"], obs["picked"]
        for team in (0, 1):
            wins[team] = view["wins"][team] / 3
            picked[team] = 1.0 if view["picked"][team] else 0.0
        obs.one_hot("round_winner", game.players if view["tie"] else view["winner"])
        for s, fv in enumerate(view["fighters"]):
            fighter = game.fighters[s]
            numbers, retro, risky, zones = self.seat_features[s]
            values = (
                s in view["ring"],
                fv["hand_size"] / 7,
                fv["deck"] / 50,
                len(fv["discard"]) / 50,
                fv["staggering"],
                fv["ko"],
                fv["damage"] / 20,
                fv["side"] == "B",
                fv["x"] / 10,
                fv["chosen"],
                fv["speed_bonus"] / 5,
                fv["flip"],
            )
            obs.put(numbers, [float(v) for v in values])
            obs.one_hot(retro, RETRO_STATES.index(fv["retro"]))  # type: ignore[arg-type]
            risks = fv["risks"]
            obs.put(
                risky,
                (
                    1.0 if risks.get("deck") == Risk.STAGGER else 0.0,
                    1.0 if risks.get("rest") == Risk.STAGGER else 0.0,
                ),
            )
            index, share = fighter.index, self.shares[s]
            for zone, name in zip(ZONES, zones, strict=True):
                counts = [0.0] * len(share)
                for code in fv[zone]:  # type: ignore[literal-required]
                    t = index[code]
                    counts[t] += share[t]
                obs.put(name, counts)
        if me is not None:
            fighter = game.fighters[me]
            index, share = fighter.index, self.shares[me]
            counts = [0.0] * self.layout.by_name["hand"].size
            for code in view["hand"]:
                t = index[code]
                counts[t] += share[t]
            obs.put("hand", counts)
            if view["choice"] is not None:
                obs.one_hot("choice", fighter.index[view["choice"]])
        return obs.values

    def observe_state(self, state: FighterState, seat: int | None) -> list[float]:  # type: ignore[override]
        """``observe(state.view(seat))`` read straight from the state: the same numbers
        (a count adds one copy's share at a time, as ``observe`` does; the conformance
        check compares the two)."""
        game, at, out = self.game, self._at, self._blank[:]
        if seat is not None:
            check_seat(game, seat)
            out[at["seat"] + seat] = 1.0
            if seat in state.window.waiting:
                out[at["to_act"]] = 1.0
        out[self._phase_at[state.phase]] = 1.0
        out[at["fight"]] = state.fight / 5
        out[at["round"]] = state.round / 30
        wins, picked = at["wins"], at["picked"]
        for team in (0, 1):
            out[wins + team] = state.wins[team] / 3
            out[picked + team] = 1.0 if state.picks[team] is not None else 0.0
        winner = state.round_winner
        if winner == TIE:
            out[at["round_winner"] + game.players] = 1.0
        elif winner >= 0:
            out[at["round_winner"] + winner] = 1.0
        ring = state.ring
        for s, f in enumerate(state.fighters):
            numbers, retro, risky, zones, order, sums = self._seat_at[s]
            hand, deck, damage = len(f.hand), len(f.deck), f.damage
            out[numbers : numbers + 12] = (
                1.0 if s in ring else 0.0,
                hand / 7,
                deck / 50,
                len(f.discard) / 50,
                float(f.staggering),
                float(f.ko),
                damage / 20,
                1.0 if SIDES[f.side] == "B" else 0.0,
                state.x(s) / 10,
                1.0 if f.face_down >= 0 else 0.0,
                f.speed_bonus / 5,
                float(f.flip),
            )
            out[retro + f.retro] = 1.0
            if damage:
                risks = damage_risks(hand, deck, damage, f.staggering)
                if risks.get("deck") == Risk.STAGGER:
                    out[risky] = 1.0
                if risks.get("rest") == Risk.STAGGER:
                    out[risky + 1] = 1.0
            for cards, start in zip((f.discard, f.aside, f.play, f.drawn), zones, strict=True):
                _count(out, start, cards, order, sums)
        if seat is not None:
            you = state.fighters[seat]
            numbers, retro, risky, zones, order, sums = self._seat_at[seat]
            _count(out, at["hand"], you.hand, order, sums)
            if you.face_down >= 0:
                out[at["choice"] + order[you.face_down]] = 1.0
        return out


def _count(out: list[float], start: int, cards: list[int], order: list[int], sums: list[list[float]]) -> None:
    """Write at ``start`` each card type's count of ``cards`` as the sum of its shares."""
    if not cards:
        return
    counts: dict[int, int] = {}
    for t in cards:
        counts[t] = counts.get(t, 0) + 1
    for t, k in counts.items():
        out[start + order[t]] = sums[t][k]


__all__ = ["FighterEncoder"]
