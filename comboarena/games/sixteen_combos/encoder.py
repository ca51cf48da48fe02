"""16 Combos for learning libraries: a fixed action numbering and a flat observation.

Actions: ``actions.all_actions()`` in order (the same for every option set):
the eleven words, the 52 placements, the announcements (per type and target:
``T>x``, ``T>x wild``, then ``T>x<col>`` and ``T>x<col> wild`` for every
column), ``change T``, ``swap T``, ``type T``, the column decisions (per verb,
columns a-z), ``switch``, ``insight``, ``guard``.

The observation is seat-relative: characters are listed from the seat's first
character on (a spectator sees them from character 0). Its layout is
:meth:`ComboEncoder.layout` (``docs/games/16-combos.md`` prints it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from comboarena.core import Encoder, Layout, one_hot

from .actions import LETTERS, MAX_COLUMNS, all_actions
from .cards import FACE_INDEX, FACE_TYPES
from .combos import EFFECTS, NAMES
from .view import OUTCOME_NAMES, PHASE_NAMES

if TYPE_CHECKING:
    from .game import SixteenCombos

#: Numbers per column of a character's rows.
COLUMN_FEATURES = 13
_TYPES = "HDCS"


def _slots(game: SixteenCombos) -> int:
    """Columns observed per character: the dealt columns and room for stolen pairs (at most a-z);
    a pair beyond them is left out of the observation."""
    return min(MAX_COLUMNS, game.columns + 6)


def _layout(chars: int, slots: int) -> Layout:
    layout = Layout()
    layout.add("phase", len(PHASE_NAMES), "one-hot phase of the turn")
    layout.add("round", 1, "round / round limit")
    layout.add("to_act", 1, "1 if this seat is to act")
    layout.add("draw_pile", 1, "cards in the draw pile / 54")
    layout.add("waste_value", 1, "the waste value / 14 (0 when empty)")
    for c in range(chars):
        p = f"char{c}"
        layout.add(f"{p}_side", 3, f"character +{c}: mine, ally, enemy (one-hot)")
        layout.add(f"{p}_status", 7, "out, reacted, incapacitated, scavenge pending, shoved, active, order rank")
        layout.add(f"{p}_extras", 4, "Consultation pair value/14, held stolen pair value/14, saved wild value/14, "
                   "grappled pairs/4")
        layout.add(
            f"{p}_rows",
            slots * COLUMN_FEATURES,
            f"per column a..{LETTERS[slots - 1]}: in play, held, empty, type H D C S (known), type unknown, "
            "value/14 (known), value known, defense pair, value card is a face card (known), stack size/3",
        )
    layout.add("action_actor", chars, "one-hot acting character (relative)")
    layout.add("action_target", chars, "one-hot target character (relative)")
    layout.add("action_type", 4, "one-hot action type")
    layout.add("action_value", 1, "action value / 14")
    layout.add("action_outcome", len(OUTCOME_NAMES), "one-hot outcome of the last check of this action")
    layout.add("action_combo", len(NAMES), "one-hot combo of the last check")
    layout.add("action_flags", 2, "counter, extra turn")
    layout.add("effect", len(EFFECTS), "one-hot combo effect being chosen")
    return layout


class ComboEncoder(Encoder):
    """Action numbers and observations for 16 Combos with its options."""

    version = 1

    def __init__(self, game: SixteenCombos) -> None:
        self.slots = _slots(game)
        super().__init__(all_actions(), _layout(game.n_chars, self.slots))
        self.game = game
        self.f = {f.name: f for f in self.layout.features}

    def observe(self, view: dict[str, Any]) -> list[float]:
        out = self.blank()
        f = self.f
        g = self.game
        n = g.n_chars
        seat = view["seat"]
        first = g.seat_chars[seat][0] if seat is not None else 0
        one_hot(out, f["phase"], PHASE_NAMES.index(view["phase"]))
        out[f["round"].start] = view["round"] / max(view["round_limit"], 1)
        out[f["to_act"].start] = 1.0 if seat is not None and seat in view["to_act"] else 0.0
        out[f["draw_pile"].start] = view["draw_pile"] / 54
        out[f["waste_value"].start] = (view["waste_value"] or 0) / 14
        order = view["queue"]["order"]
        my_side = g.seat_side[seat] if seat is not None else -1
        for ch in view["characters"]:
            rel = (ch["id"] - first) % n
            p = f"char{rel}"
            side = 0 if seat is not None and ch["seat"] == seat else 1 if ch["side"] == my_side else 2
            one_hot(out, f[f"{p}_side"], side)
            st = f[f"{p}_status"].start
            out[st] = float(ch["out"])
            out[st + 1] = float(ch["reacted"])
            out[st + 2] = 1.0 if ch["incapacitated"] else 0.0
            out[st + 3] = float(ch["scavenge"])
            out[st + 4] = float(ch["shoved"])
            out[st + 5] = 1.0 if view["active"] == ch["id"] else 0.0
            out[st + 6] = (order.index(ch["id"]) / n) if ch["id"] in order else 0.0
            ex = f[f"{p}_extras"].start
            for k, key in enumerate(("consultation", "stolen")):
                pv = ch[key]
                if pv and pv["value"] is not None:
                    out[ex + k] = pv["value"] / 14
            out[ex + 2] = (ch["wild_value"] or 0) / 14
            out[ex + 3] = len(ch["held"]) / 4
            base = f[f"{p}_rows"].start
            defense = ch["defense"]
            for col, pv in enumerate(ch["rows"][: self.slots]):
                at = base + col * COLUMN_FEATURES
                if pv is None:
                    out[at + 2] = 1.0
                    continue
                if pv == "held":
                    out[at + 1] = 1.0
                    continue
                out[at] = 1.0
                if pv["type"] is not None:
                    out[at + 3 + _TYPES.index(pv["type"])] = 1.0
                else:
                    out[at + 7] = 1.0
                if pv["value"] is not None:
                    out[at + 8] = pv["value"] / 14
                    out[at + 9] = 1.0
                out[at + 10] = 1.0 if LETTERS[col] == defense else 0.0
                cards = pv["value_cards"]
                if cards and cards[-1] is not None and FACE_TYPES[FACE_INDEX[cards[-1].rstrip("'")]]:
                    out[at + 11] = 1.0
                out[at + 12] = len(pv["value_ids"]) / 3
        act = view["action"]
        if act is not None:
            if act["actor"] >= 0:
                one_hot(out, f["action_actor"], (act["actor"] - first) % n)
            if act["target"] >= 0:
                one_hot(out, f["action_target"], (act["target"] - first) % n)
            if act["type"]:
                one_hot(out, f["action_type"], _TYPES.index(act["type"]))
            out[f["action_value"].start] = min(act["value"], 28) / 14
            if act["outcome"]:
                one_hot(out, f["action_outcome"], OUTCOME_NAMES.index(act["outcome"]))
            if act["combo"]:
                one_hot(out, f["action_combo"], NAMES.index(act["combo"]))
            out[f["action_flags"].start] = float(act["counter"])
            out[f["action_flags"].start + 1] = 1.0 if act["extra"] else 0.0
        if view["effect"]:
            one_hot(out, f["effect"], EFFECTS.index(view["effect"]))
        return out


__all__ = ["COLUMN_FEATURES", "ComboEncoder"]
