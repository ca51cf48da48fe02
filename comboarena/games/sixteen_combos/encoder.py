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

from typing import TYPE_CHECKING, Any, NamedTuple, cast

from comboarena.core import Encoder, Layout, State, check_seat

from .actions import LETTERS, MAX_COLUMNS, all_actions
from .cards import FACE_INDEX, FACE_TYPES
from .combos import NAMES
from .fields import EMPTY, OUT, PUBLIC, REACTED, SCAVENGE, SHOVED
from .table import defense
from .view import EFFECTS, OUTCOME_NAMES, P_OVER, P_PLACE, PHASE_NAMES

if TYPE_CHECKING:
    from .game import SixteenCombos
    from .state import ComboState

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
        self._at = _At.of(self.layout, self.char_features)

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

    def observe_state(self, state: State, seat: int | None) -> list[float]:
        """``observe(state.view(seat))`` worked out from the state without building the view:
        a card counts as seen exactly when the view would name it (``known`` holds the
        seat's bit or ``PUBLIC``), and a pair's value as the view would show it. Numbers are
        written straight at their place in the layout (``_At``): this runs on every step of
        every learning adapter."""
        s = cast("ComboState", state)
        g = self.game
        if seat is not None:
            check_seat(g, seat)
        at = self._at
        values = [0.0] * at.size
        n = g.n_chars
        first = g.seat_chars[seat][0] if seat is not None else 0
        phase = s.phase
        queue = s.queue
        values[at.phase + _PHASE_INDEX[phase]] = 1.0
        values[at.round] = (queue.round if phase != P_PLACE else 0) / max(g.round_limit, 1)
        values[at.to_act] = 1.0 if seat is not None and seat in s.to_act else 0.0
        values[at.draw_pile] = len(s.draw) / 54
        values[at.waste_value] = ((s.waste_value if s.waste else None) or 0) / 14
        order = queue.order
        my_side = g.seat_side[seat] if seat is not None else -1
        playing = phase != P_PLACE and phase != P_OVER
        a = s.action
        active = a.actor if playing else None
        bit = PUBLIC | (1 << seat if seat is not None else 0)
        known, faces = s.known, s.faces
        pairs, chars = s.pairs, s.characters
        type_ids, stacks, types, tokens = pairs.type_id, pairs.value_ids, pairs.type, pairs.tokens
        pair_values = pairs.value
        flags_of, wilds, char_seat, char_side = chars.flags, chars.wild, g.char_seat, g.char_side
        slots = self.slots
        for c in range(n):
            side_at, status_at, extras_at, rows_at = at.chars[(c - first) % n]
            mine = seat is not None and char_seat[c] == seat
            values[side_at + (0 if mine else 1 if char_side[c] == my_side else 2)] = 1.0
            flags = flags_of[c]
            values[status_at : status_at + 7] = [
                1.0 if flags & OUT else 0.0,
                1.0 if flags & REACTED else 0.0,
                1.0 if chars.incapacitated[c] else 0.0,
                1.0 if flags & SCAVENGE else 0.0,
                1.0 if flags & SHOVED else 0.0,
                1.0 if active == c else 0.0,
                (order.index(c) / n) if c in order else 0.0,
            ]
            values[extras_at + 2] = ((chars.wild_value[c] if wilds[c] else None) or 0) / 14
            values[extras_at + 3] = len(chars.grappled[c]) / 4
            for k, held in enumerate((chars.consultation[c], chars.stolen[c])):
                # the view shows a pair's value to its owner's seat, else once every card it depends on is seen
                if held >= 0 and stacks[held] and (mine or all(known[t] & bit for t in tokens[held])):
                    values[extras_at + k] = pair_values[held] / 14
            d = defense(s, c)
            col_at = rows_at
            for col, p in enumerate(chars.rows[c][:slots]):
                if p < 0:
                    values[col_at + (EMPTY_COLUMN if p == EMPTY else HELD_OUT)] = 1.0
                    col_at += COLUMN_FEATURES
                    continue
                values[col_at + IN_PLAY] = 1.0
                if known[type_ids[p]] & bit:
                    values[col_at + TYPE_H + types[p]] = 1.0
                else:
                    values[col_at + TYPE_UNKNOWN] = 1.0
                stack = stacks[p]
                toks = tokens[p]
                if stack and (mine or (known[toks[0]] & bit if len(toks) == 1 else all(known[t] & bit for t in toks))):
                    values[col_at + VALUE] = pair_values[p] / 14
                    values[col_at + VALUE_KNOWN] = 1.0
                if col == d:
                    values[col_at + DEFENSE] = 1.0
                if stack and known[stack[-1]] & bit and FACE_TYPES[faces[stack[-1]]]:
                    values[col_at + FACE_CARD] = 1.0
                values[col_at + STACK] = len(stack) / 3
                col_at += COLUMN_FEATURES
        if playing:
            if a.actor >= 0:
                values[at.actor + (a.actor - first) % n] = 1.0
            if a.target >= 0:
                values[at.target + (a.target - first) % n] = 1.0
            if a.type >= 0:
                values[at.type + a.type] = 1.0
            values[at.value] = min(a.value, 28) / 14
            if a.outcome >= 0 and OUTCOME_NAMES[a.outcome]:
                values[at.outcome + _OUTCOME_INDEX[a.outcome]] = 1.0
            if a.combo >= 0 and NAMES[a.combo]:
                values[at.combo + _COMBO_INDEX[a.combo]] = 1.0
            values[at.flags] = float(a.counter)
            values[at.flags + 1] = 1.0 if a.extra else 0.0
        if a.effect:
            values[at.effect + EFFECTS.index(a.effect)] = 1.0
        return values


class _At(NamedTuple):
    """Where each feature ``observe_state`` writes starts in the observation (``Layout``)."""

    size: int
    phase: int
    round: int
    to_act: int
    draw_pile: int
    waste_value: int
    #: per character, seat-relative: where its side, status, extras and rows start
    chars: tuple[tuple[int, int, int, int], ...]
    actor: int
    target: int
    type: int
    value: int
    outcome: int
    combo: int
    flags: int
    effect: int

    @classmethod
    def of(cls, layout: Layout, chars: list[CharFeatures]) -> _At:
        f = layout.by_name
        starts = tuple((f[n.side].start, f[n.status].start, f[n.extras].start, f[n.rows].start) for n in chars)
        return cls(
            layout.size, f["phase"].start, f["round"].start, f["to_act"].start, f["draw_pile"].start,
            f["waste_value"].start, starts,
            f["action_actor"].start, f["action_target"].start, f["action_type"].start, f["action_value"].start,
            f["action_outcome"].start, f["action_combo"].start, f["action_flags"].start, f["effect"].start,
        )


#: ``observe``'s ``PHASE_NAMES.index`` (and the like) of each phase, outcome and combo, looked up once.
_PHASE_INDEX = {name: PHASE_NAMES.index(name) for name in PHASE_NAMES}
_OUTCOME_INDEX = tuple(OUTCOME_NAMES.index(name) for name in OUTCOME_NAMES)
_COMBO_INDEX = tuple(NAMES.index(name) for name in NAMES)


__all__ = ["COLUMN_FEATURES", "ComboEncoder"]
