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

from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import Encoder, Layout

from .actions import LETTERS, MAX_COLUMNS, all_actions
from .cards import FACE_INDEX, FACE_TYPES
from .combos import NAMES
from .view import EFFECTS, OUTCOME_NAMES, PHASE_NAMES

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
        layout.add(
            f"{p}_extras",
            4,
            "Consultation pair value/14, held stolen pair value/14, saved wild value/14, grappled pairs/4",
        )
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


# Where each number of one column of a character's rows lies in the column (its layout's doc).
IN_PLAY = 0
HELD_OUT = 1
EMPTY_COLUMN = 2
TYPE_H = 3  # then D, C, S
TYPE_UNKNOWN = 7
VALUE = 8
VALUE_KNOWN = 9
DEFENSE = 10
FACE_CARD = 11
STACK = 12
#: The character status numbers, in order.
STATUS = ("out", "reacted", "incapacitated", "scavenge", "shoved")


class CharFeatures(NamedTuple):
    """The names of one character's features in the layout."""

    side: str
    status: str
    extras: str
    rows: str


class ComboEncoder(Encoder):
    """Action numbers and observations for 16 Combos with its options."""

    version = 1

    def __init__(self, game: SixteenCombos) -> None:
        self.slots = _slots(game)
        super().__init__(all_actions(), _layout(game.n_chars, self.slots))
        self.game = game
        #: per character, seat-relative: the names of its features
        self.char_features = [
            CharFeatures(*(f"char{c}_{part}" for part in CharFeatures._fields)) for c in range(game.n_chars)
        ]

    def observe(self, view: dict[str, Any]) -> list[float]:
        obs = self.observation()
        g = self.game
        n = g.n_chars
        seat = view["seat"]
        first = g.seat_chars[seat][0] if seat is not None else 0
        obs.one_hot("phase", PHASE_NAMES.index(view["phase"]))
        obs["round"] = view["round"] / max(view["round_limit"], 1)
        obs["to_act"] = 1.0 if seat is not None and seat in view["to_act"] else 0.0
        obs["draw_pile"] = view["draw_pile"] / 54
        obs["waste_value"] = (view["waste_value"] or 0) / 14
        order = view["queue"]["order"]
        my_side = g.seat_side[seat] if seat is not None else -1
        active = view["active"]
        slots = self.slots
        for ch in view["characters"]:
            p = self.char_features[(ch["id"] - first) % n]
            side = 0 if seat is not None and ch["seat"] == seat else 1 if ch["side"] == my_side else 2
            obs.one_hot(p.side, side)
            status = [1.0 if ch[key] else 0.0 for key in STATUS]
            status.append(1.0 if active == ch["id"] else 0.0)
            status.append((order.index(ch["id"]) / n) if ch["id"] in order else 0.0)
            obs.put(p.status, status)
            extras = [0.0, 0.0, (ch["wild_value"] or 0) / 14, len(ch["held"]) / 4]
            for k, key in enumerate(("consultation", "stolen")):
                pv = ch[key]
                if pv and pv["value"] is not None:
                    extras[k] = pv["value"] / 14
            obs.put(p.extras, extras)
            rows = [0.0] * (slots * COLUMN_FEATURES)
            defense = ch["defense"]
            for col, pv in enumerate(ch["rows"][:slots]):
                at = col * COLUMN_FEATURES
                if pv is None:
                    rows[at + EMPTY_COLUMN] = 1.0
                    continue
                if pv == "held":
                    rows[at + HELD_OUT] = 1.0
                    continue
                rows[at + IN_PLAY] = 1.0
                if pv["type"] is not None:
                    rows[at + TYPE_H + _TYPES.index(pv["type"])] = 1.0
                else:
                    rows[at + TYPE_UNKNOWN] = 1.0
                if pv["value"] is not None:
                    rows[at + VALUE] = pv["value"] / 14
                    rows[at + VALUE_KNOWN] = 1.0
                rows[at + DEFENSE] = 1.0 if LETTERS[col] == defense else 0.0
                cards = pv["value_cards"]
                if cards and cards[-1] is not None and FACE_TYPES[FACE_INDEX[cards[-1].rstrip("'")]]:
                    rows[at + FACE_CARD] = 1.0
                rows[at + STACK] = len(pv["value_ids"]) / 3
            obs.put(p.rows, rows)
        act = view["action"]
        if act is not None:
            if act["actor"] >= 0:
                obs.one_hot("action_actor", (act["actor"] - first) % n)
            if act["target"] >= 0:
                obs.one_hot("action_target", (act["target"] - first) % n)
            if act["type"]:
                obs.one_hot("action_type", _TYPES.index(act["type"]))
            obs["action_value"] = min(act["value"], 28) / 14
            if act["outcome"]:
                obs.one_hot("action_outcome", OUTCOME_NAMES.index(act["outcome"]))
            if act["combo"]:
                obs.one_hot("action_combo", NAMES.index(act["combo"]))
            flags = obs["action_flags"]
            flags[0] = float(act["counter"])
            flags[1] = 1.0 if act["extra"] else 0.0
        if view["effect"]:
            obs.one_hot("effect", EFFECTS.index(view["effect"]))
        return obs.values


__all__ = ["COLUMN_FEATURES", "ComboEncoder"]
