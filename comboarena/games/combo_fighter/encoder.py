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

from comboarena.core import Action, Encoder, Feature, Layout, one_hot

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, STAY, TAG
from .view import PHASES, RETRO_STATES, Risk

if TYPE_CHECKING:
    from .game import ComboFighter

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
        f: dict[str, Feature] = {}
        f["phase"] = layout.add("phase", len(PHASES), f"one-hot phase: {', '.join(PHASES)}")
        f["to_act"] = layout.add("to_act", 1, "1 if you owe a decision now")
        f["seat"] = layout.add("seat", n, "one-hot: your seat (all 0 for a spectator)")
        f["fight"] = layout.add("fight", 1, "the fight's number / 5")
        f["round"] = layout.add("round", 1, "the round's number / 30")
        f["wins"] = layout.add("wins", 2, "fights won by each team / 3")
        f["round_winner"] = layout.add("round_winner", n + 1, "one-hot: the round's winner by seat, or a tie (last)")
        f["picked"] = layout.add("picked", 2, "2 vs 2: 1 if the team has named its starter")
        for s in range(n):
            name = game.fighters[s].id
            f[f"s{s}"] = layout.add(
                f"seat{s}",
                12,
                f"seat {s} ({name}): in the ring, hand size / 7, deck / 50, discard pile / 50, Staggering, "
                "knocked out, damage to take / 20, token side B, X / 10, a card face down, Speed bonus / 5, "
                "token flips this round",
            )
            f[f"s{s}_retro"] = layout.add(f"seat{s}_retro", len(RETRO_STATES), f"seat {s}: one-hot retro state")
            f[f"s{s}_risks"] = layout.add(f"seat{s}_risks", 2, f"seat {s}: 1 if deck / rest is a needless risk")
            for zone in ZONES:
                f[f"s{s}_{zone}"] = layout.add(
                    f"seat{s}_{zone}", types[s], f"seat {s}: cards in its {zone} per card type / copies"
                )
        f["hand"] = layout.add("hand", max(types), "your hand per card type of your fighter / copies")
        f["choice"] = layout.add("choice", max(types), "one-hot: your face-down card's type")
        self.f = f
        super().__init__(_actions(game), layout)

    def observe(self, view: dict[str, Any]) -> list[float]:
        out = self.blank()
        f = self.f
        game = self.game
        me = view["seat"]
        one_hot(out, f["phase"], PHASES.index(view["phase"]))
        out[f["to_act"].start] = 1.0 if me is not None and me in view["to_act"] else 0.0
        one_hot(out, f["seat"], me)
        out[f["fight"].start] = view["fight"] / 5
        out[f["round"].start] = view["round"] / 30
        for team in (0, 1):
            out[f["wins"].start + team] = view["wins"][team] / 3
            out[f["picked"].start + team] = 1.0 if view["picked"][team] else 0.0
        if view["tie"]:
            one_hot(out, f["round_winner"], game.players)
        else:
            one_hot(out, f["round_winner"], view["winner"])
        for s, fv in enumerate(view["fighters"]):
            fighter = game.fighters[s]
            start = f[f"s{s}"].start
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
            for i, v in enumerate(values):
                out[start + i] = float(v)
            one_hot(out, f[f"s{s}_retro"], RETRO_STATES.index(fv["retro"]))
            risks = fv["risks"]
            out[f[f"s{s}_risks"].start] = 1.0 if risks.get("deck") == Risk.STAGGER else 0.0
            out[f[f"s{s}_risks"].start + 1] = 1.0 if risks.get("rest") == Risk.STAGGER else 0.0
            for zone in ZONES:
                start = f[f"s{s}_{zone}"].start
                for code in fv[zone]:  # type: ignore[literal-required]
                    t = fighter.index[code]
                    out[start + t] += 1.0 / fighter.cards[t].copies
        if me is not None:
            fighter = game.fighters[me]
            start = f["hand"].start
            for code in view["hand"]:
                t = fighter.index[code]
                out[start + t] += 1.0 / fighter.cards[t].copies
            if view["choice"] is not None:
                one_hot(out, f["choice"], fighter.index[view["choice"]])
        return out


__all__ = ["FighterEncoder"]
