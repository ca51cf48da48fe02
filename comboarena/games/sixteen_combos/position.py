"""16 Combos' positions: the whole table as JSON, read back strictly.

Fields (after the shared envelope):

- ``faces``: the deal deck's 52 cards by id (the deal pile, top first);
- ``known``: per card id (0-107), a mask of the seats that know it (bit 15: everyone);
- ``pairs``: by pair id: ``type_id``, ``value_ids``, ``type`` (0-3: H D C S),
  ``value``, ``owner`` (-1 once gone), ``tokens`` (the cards its value depends
  on) and ``ledger`` (its value's public history, see ``knowledge.py``);
- ``characters``: ``rows`` (pair id, -1 empty, -2 held), ``defense_mark``,
  ``shown``, ``consultation``, ``stolen``, ``wild``, ``wild_value``, ``held``
  ([column, pair]), ``flags``, ``incapacitated``, ``order``, ``to_place``,
  ``next_column``;
- ``draw`` (top first), ``discard``, ``waste``, ``waste_value``, ``unused``;
- ``queue`` (a ``TurnQueue``), ``extra_info``, ``phase``, ``to_act``,
  ``action``, ``defends``, ``constraints``, ``groups``, ``outcome``.

>>> import comboarena as ca
>>> game = ca.make("16-combos", placement="dealt")
>>> state = game.new_state(seed=3)
>>> game.from_position(state.position()).view(0) == state.view(0)
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from comboarena.core import Chance, Fields, PositionError, TurnQueue
from comboarena.core.zones import check_position_cards

from .cards import CARD_IDS, DEAL_SIZE, DRAW0, FACE_INDEX, FACE_TYPE, FACE_VALUE, FACES, MAX_VALUE, draw_deck
from .combos import EFFECTS, NAMES
from .knowledge import replay
from .table import EMPTY, HELD, OUT, REACTED, SCAVENGE, SHOVED, Act
from .view import OUTCOME_NAMES, PHASE_NAMES, SOURCE_NAMES, Phase

if TYPE_CHECKING:
    from .game import SixteenCombos
    from .state import ComboState

_ACT_FIELDS = ("actor", "extra", "tchar", "tcol", "tpair", "type", "value", "source", "cards", "drawn", "counter",
               "outcome", "diff", "combo", "effect", "kind")


def position_of(s: ComboState) -> dict[str, Any]:
    a = s._a
    return {
        "faces": [FACES[f] for f in s._face[:DEAL_SIZE]],
        "known": list(s._known),
        "pairs": [
            {
                "type_id": s._ptc[p],
                "value_ids": list(s._pvc[p]),
                "type": s._pty[p],
                "value": s._pva[p],
                "owner": s._pown[p],
                "tokens": list(s._ptok[p]),
                "ledger": [list(op) for op in s._pled[p]],
            }
            for p in range(len(s._ptc))
        ],
        "characters": [
            {
                "rows": list(s._rows[c]),
                "defense_mark": s._defcol[c],
                "shown": s._shown[c],
                "consultation": s._consult[c],
                "stolen": s._stolen[c],
                "wild": list(s._wild[c]),
                "wild_value": s._wildv[c],
                "held": [list(h) for h in s._grap[c]],
                "flags": s._flags[c],
                "incapacitated": s._incap[c],
                "order": s._order[c],
                "to_place": list(s._pend[c]),
                "next_column": s._next[c],
            }
            for c in range(len(s._rows))
        ],
        "draw": s._draw[::-1],
        "discard": list(s._discard),
        "waste": list(s._waste),
        "waste_value": s._wastev,
        "unused": list(s._unused),
        "queue": s._queue.to_json(),
        "extra_info": [list(x) for x in s._xinfo],
        "phase": PHASE_NAMES[s._phase],
        "to_act": list(s._to_act),
        "action": {
            "actor": a.actor, "extra": a.extra, "tchar": a.tchar, "tcol": a.tcol, "tpair": a.tpair,
            "type": a.type, "value": a.value, "source": a.source, "cards": list(a.cards), "drawn": list(a.drawn),
            "counter": a.counter, "outcome": a.outcome, "diff": a.diff, "combo": a.combo, "effect": a.effect,
            "kind": a.kind,
        },
        "defends": [[d[0], d[1], list(d[2]), d[3]] for d in s._defends],
        "constraints": [[list(ids), list(masks), least, most] for ids, masks, least, most in s._cons],
        "groups": [list(g) for g in s._groups],
        "outcome": None
        if s._outcome is None
        else {"winners": list(s._outcome[0]), "reason": s._outcome[1], "pairs": list(s._outcome[2]),
              "values": list(s._outcome[3])},
    }


def assemble(game: SixteenCombos, chance: Chance, d: dict[str, Any]) -> ComboState:
    """A state from position fields (already checked, or built by ``determinize``)."""
    from .state import blank

    s = blank(game, chance, None)
    faces = [FACE_INDEX[f] for f in d["faces"]]
    s._set_faces(faces)
    s._known = list(d["known"])
    pairs = d["pairs"]
    s._ptc = [p["type_id"] for p in pairs]
    s._pvc = [tuple(p["value_ids"]) for p in pairs]
    s._pty = [p["type"] for p in pairs]
    s._pva = [p["value"] for p in pairs]
    s._pown = [p["owner"] for p in pairs]
    s._ptok = [tuple(p["tokens"]) for p in pairs]
    s._pled = [tuple(tuple(op) for op in p["ledger"]) for p in pairs]
    chars = d["characters"]
    s._rows = [list(ch["rows"]) for ch in chars]
    s._defcol = [ch["defense_mark"] for ch in chars]
    s._shown = [ch["shown"] for ch in chars]
    s._consult = [ch["consultation"] for ch in chars]
    s._stolen = [ch["stolen"] for ch in chars]
    s._wild = [tuple(ch["wild"]) for ch in chars]
    s._wildv = [ch["wild_value"] for ch in chars]
    s._grap = [tuple((h[0], h[1]) for h in ch["held"]) for ch in chars]
    s._flags = [ch["flags"] for ch in chars]
    s._incap = [ch["incapacitated"] for ch in chars]
    s._order = tuple(ch["order"] for ch in chars)
    s._pend = [list(ch["to_place"]) for ch in chars]
    s._next = [ch["next_column"] for ch in chars]
    s._draw = list(d["draw"])[::-1]
    s._discard = list(d["discard"])
    s._waste = tuple(d["waste"])
    s._wastev = d["waste_value"]
    s._unused = list(d["unused"])
    q = d["queue"]
    s._queue = TurnQueue(tuple(q["order"]), q["at"], tuple(q["extra"]), q["current"], q["extra_turn"], q["round"])
    s._xinfo = tuple((x[0], x[1], x[2]) for x in d["extra_info"])
    s._phase = PHASE_NAMES.index(d["phase"])
    s._to_act = tuple(d["to_act"])
    a = Act()
    for name in _ACT_FIELDS:
        value = d["action"][name]
        setattr(a, name, tuple(value) if isinstance(value, list) else value)
    s._a = a
    s._defends = tuple((x[0], x[1], tuple(x[2]), x[3]) for x in d["defends"])
    s._cons = tuple((tuple(ids), tuple(masks), least, most) for ids, masks, least, most in d["constraints"])
    s._groups = tuple(tuple(g) for g in d["groups"])
    out = d["outcome"]
    s._outcome = (
        None if out is None else (tuple(out["winners"]), out["reason"], tuple(out["pairs"]), tuple(out["values"]))
    )
    return s


def from_view(
    game: SixteenCombos, view: dict[str, Any], faces: list[int], known: list[int], pile: list[int]
) -> dict[str, Any]:
    """Position fields for the world a view describes, with sampled ``faces`` (the deal
    deck by id), knowledge masks and the draw pile (top first)."""
    ledgers = {p: [list(op) for op in ops] for p, ops, _ in view["ledgers"]}
    tokens_of = {p: list(toks) for p, _, toks in view["ledgers"]}
    face = [*faces, 0, 0, *range(CARD_IDS - DRAW0)]

    def value_of(t: int) -> int:
        return FACE_VALUE[face[t]]

    count = view["pair_count"]
    pairs: list[dict[str, Any]] = [
        {"type_id": -1, "value_ids": [], "type": 0, "value": 0, "owner": -1, "tokens": tokens_of.get(p, []),
         "ledger": ledgers.get(p, [])}
        for p in range(count)
    ]
    def put(pv: dict[str, Any], c: int) -> int:
        p = pv["id"]
        tokens = pv["tokens"]
        if pv["value"] is not None:
            value = pv["value"]
        elif p in ledgers:
            hist = replay(ledgers[p], value_of, _ref(ledgers, value_of))
            value = hist[-1] if hist else 0
        else:
            value = min(MAX_VALUE, sum(value_of(t) for t in tokens)) if tokens else 0
        t = "HDCS".index(pv["type"]) if pv["type"] is not None else FACE_TYPE[face[pv["type_id"]]]
        pairs[p].update(type_id=pv["type_id"], value_ids=list(pv["value_ids"]), type=t, value=value, owner=c,
                        tokens=list(tokens))
        return p

    chars: list[dict[str, Any]] = []
    for ch in view["characters"]:
        c = ch["id"]
        rows = [EMPTY if r is None else HELD if r == "held" else put(r, c) for r in ch["rows"]]
        held = [[("abcdefghijklmnopqrstuvwxyz".index(pv["col"])), put(pv, c)] for pv in ch["held"]]
        flags = (REACTED if ch["reacted"] else 0) | (SCAVENGE if ch["scavenge"] else 0)
        flags |= (SHOVED if ch["shoved"] else 0) | (OUT if ch["out"] else 0)
        chars.append(
            {
                "rows": rows,
                "defense_mark": ch["defense_mark"],
                "shown": ch["shown"],
                "consultation": put(ch["consultation"], c) if ch["consultation"] else -1,
                "stolen": put(ch["stolen"], c) if ch["stolen"] else -1,
                "wild": list(ch["wild_ids"]),
                "wild_value": ch["wild_value"] or 0,
                "held": held,
                "flags": flags,
                "incapacitated": ch["incapacitated"],
                "order": ch["order_id"],
                "to_place": list(ch["to_place_ids"]),
                "next_column": ch["next_column"],
            }
        )
    act = view["action"]
    if act is not None and act["taking"]:
        put(act["taking"], act["actor"])
    action: dict[str, Any]
    if act is None:
        action = _blank_action()
    else:
        action = {
            "actor": act["actor"],
            "extra": act["extra"],
            "tchar": act["target"],
            "tcol": act["column_index"],
            "tpair": act["pair"],
            "type": "HDCS".index(act["type"]) if act["type"] else -1,
            "value": act["value"],
            "source": SOURCE_NAMES.index(act["source"]) if act["source"] else -1,
            "cards": list(act["card_ids"]),
            "drawn": list(act["drawn_ids"]),
            "counter": act["counter"],
            "outcome": OUTCOME_NAMES.index(act["outcome"]) if act["outcome"] else -1,
            "diff": 0,
            "combo": NAMES.index(act["combo"]) if act["combo"] else -1,
            "effect": view["effect"] or "",
            "kind": act["kind"],
        }
        if action["outcome"] >= 0 and action["tpair"] >= 0:
            action["diff"] = action["value"] - pairs[action["tpair"]]["value"]
    return {
        "faces": [FACES[f] for f in faces],
        "known": known,
        "pairs": pairs,
        "characters": chars,
        "draw": pile,
        "discard": list(view["discard_ids"]),
        "waste": list(view["waste_ids"]),
        "waste_value": view["waste_value"] or 0,
        "unused": list(view["unused_ids"]),
        "queue": view["queue"],
        "extra_info": view["extra_info"],
        "phase": view["phase"],
        "to_act": list(view["to_act"]),
        "action": action,
        "defends": view["defends"],
        "constraints": view["constraints"],
        "groups": view["groups"],
        "outcome": view["outcome"],
    }


def _blank_action() -> dict[str, Any]:
    a = Act()
    return {name: list(getattr(a, name)) if isinstance(getattr(a, name), tuple) else getattr(a, name)
            for name in _ACT_FIELDS}


def _ref(ledgers: dict[int, list[list[int]]], value_of: Any) -> Any:
    def ref(pair: int, k: int) -> int | None:
        led = ledgers.get(pair)
        if led is None:
            return None
        hist = replay(led[:k], value_of, ref)
        return hist[-1] if hist else None

    return ref


# -- reading a position -----------------------------------------------------------------


def read_position(game: SixteenCombos, f: Fields, chance: Chance) -> ComboState:
    """A state from a position's fields, or :class:`PositionError` naming the problem."""
    n = game.n_chars
    faces = f.seq("faces", DEAL_SIZE)
    for i, text in enumerate(faces):
        if text not in FACE_INDEX or FACE_INDEX[text] >= 52:
            raise PositionError(f"position.faces[{i}] = {text!r} is not a standard card (rank 2-9 T J Q K A + suit)")
    if len(set(faces)) != DEAL_SIZE:
        dup = next(t for t, k in Counter(faces).items() if k > 1)
        raise PositionError(f"position.faces holds {dup} twice; the deal deck holds each card once")
    known = f.seq("known", CARD_IDS)
    _ints(known, f.path("known"), 0, (1 << 16) - 1)
    pair_fields = f.items("pairs", _read_pair)
    npairs = len(pair_fields)
    chars = f.items("characters", lambda v, w: _read_char(v, w, npairs), length=n)
    draw = f.seq("draw")
    discard, waste, unused = f.seq("discard"), f.seq("waste"), f.seq("unused")
    for key, ids in (("draw", draw), ("discard", discard), ("waste", waste), ("unused", unused)):
        _ints(ids, f.path(key), 0, CARD_IDS - 1)
    waste_value = f.number("waste_value", -99, 99)
    queue = TurnQueue.from_json(f.get("queue"), f.path("queue"), n)
    extra_info = f.seq("extra_info")
    if len(extra_info) != len(queue.extra):
        raise PositionError("position.extra_info must describe each extra turn of position.queue.extra")
    for i, x in enumerate(extra_info):
        _ints(x, f"{f.path('extra_info')}[{i}]", -1, 99)
    phase = f.text("phase", PHASE_NAMES)
    to_act = f.seq("to_act")
    _ints(to_act, f.path("to_act"), 0, game.players - 1)
    action = f.fields("action")
    act = {name: action.get(name) for name in _ACT_FIELDS}
    action.done()
    if act["effect"] not in ("", *EFFECTS):
        raise PositionError(f"position.action.effect must be one of {', '.join(EFFECTS)} or empty")
    defends = f.seq("defends")
    constraints = f.seq("constraints")
    for i, fact in enumerate(constraints):
        _read_fact(fact, f"{f.path('constraints')}[{i}]")
    groups = f.seq("groups")
    outcome = f.get("outcome")
    data = {
        "faces": faces, "known": known, "pairs": pair_fields, "characters": chars, "draw": draw, "discard": discard,
        "waste": waste, "waste_value": waste_value, "unused": unused, "queue": queue.to_json(),
        "extra_info": extra_info, "phase": phase, "to_act": to_act, "action": act, "defends": defends,
        "constraints": constraints, "groups": groups, "outcome": outcome,
    }  # fmt: skip
    _check_cards(game, data)
    if (phase == PHASE_NAMES[Phase.OVER]) != (outcome is not None):
        raise PositionError("position.outcome must be given exactly when position.phase is 'over'")
    if phase not in (PHASE_NAMES[Phase.OVER], PHASE_NAMES[Phase.PLACE]) and len(to_act) != 1:
        raise PositionError(f"position.to_act must name one seat in phase {phase!r}")
    try:
        return assemble(game, chance, data)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise PositionError(f"position is not valid: {exc!r}") from None


_PAIR_KEYS = frozenset(("type_id", "value_ids", "type", "value", "owner", "tokens", "ledger"))


def _read_pair(value: Any, where: str) -> dict[str, Any]:
    if (
        type(value) is dict
        and value.keys() == _PAIR_KEYS
        and _small(value["type_id"], -1, CARD_IDS - 1)
        and _small(value["type"], 0, 3)
        and _small(value["value"], -99, 99)
        and _small(value["owner"], -1, 11)
        and _id_list(value["value_ids"])
        and _id_list(value["tokens"])
        and type(value["ledger"]) is list
        and all(type(op) is list and op and all(_small(x, -999, 999) for x in op) for op in value["ledger"])
    ):
        return value  # the common case, checked in one pass; anything else gets the exact message below
    f = Fields(value, where)
    out: dict[str, Any] = {
        "type_id": f.number("type_id", -1, CARD_IDS - 1),
        "value_ids": f.seq("value_ids"),
        "type": f.number("type", 0, 3),
        "value": f.number("value", -99, 99),
        "owner": f.number("owner", -1, 11),
        "tokens": f.seq("tokens"),
        "ledger": f.seq("ledger"),
    }
    f.done()
    _ints(out["value_ids"], f.path("value_ids"), 0, CARD_IDS - 1)
    _ints(out["tokens"], f.path("tokens"), 0, CARD_IDS - 1)
    for i, op in enumerate(out["ledger"]):
        if not isinstance(op, list) or not op:
            raise PositionError(f"{f.path('ledger')}[{i}] must be a list of numbers (an entry)")
        _ints(op, f"{f.path('ledger')}[{i}]", -999, 999)
    return out


def _read_char(value: Any, where: str, npairs: int) -> dict[str, Any]:
    f = Fields(value, where)
    out: dict[str, Any] = {
        "rows": f.seq("rows"),
        "defense_mark": f.number("defense_mark", -2, 25),
        "shown": f.number("shown", -1, npairs - 1),
        "consultation": f.number("consultation", -1, npairs - 1),
        "stolen": f.number("stolen", -1, npairs - 1),
        "wild": f.seq("wild"),
        "wild_value": f.number("wild_value", 0, 99),
        "held": f.seq("held"),
        "flags": f.number("flags", 0, 15),
        "incapacitated": f.number("incapacitated", 0, 999),
        "order": f.number("order", DRAW0, CARD_IDS - 1),
        "to_place": f.seq("to_place"),
        "next_column": f.number("next_column", 0, 26),
    }
    f.done()
    _ints(out["rows"], f.path("rows"), -2, npairs - 1)
    if len(out["rows"]) > 26:
        raise PositionError(f"{f.path('rows')} has more than 26 columns")
    _ints(out["wild"], f.path("wild"), 0, CARD_IDS - 1)
    _ints(out["to_place"], f.path("to_place"), 0, DEAL_SIZE - 1)
    for i, h in enumerate(out["held"]):
        _ints(h, f"{f.path('held')}[{i}]", 0, max(npairs - 1, 25))
    return out


def _read_fact(fact: Any, where: str) -> None:
    """A public fact about hidden types: ``[card ids, type masks (one each, 0-15), least, most]``."""
    if not (isinstance(fact, list) and len(fact) == 4 and isinstance(fact[0], list) and isinstance(fact[1], list)
            and len(fact[0]) == len(fact[1])):
        raise PositionError(f"{where} must be [card ids, a type mask for each, least, most]")
    _ints(fact[0], f"{where}[0]", 0, CARD_IDS - 1)
    _ints(fact[1], f"{where}[1]", 0, 15)
    _ints(fact[2:], f"{where}[2:]", 0, len(fact[0]))


def _small(x: Any, low: int, high: int) -> bool:
    return type(x) is int and low <= x <= high


def _id_list(values: Any) -> bool:
    return type(values) is list and all(type(x) is int and 0 <= x < CARD_IDS for x in values)


def _ints(values: Any, where: str, low: int, high: int) -> None:
    if not isinstance(values, list):
        raise PositionError(f"{where} must be a list of whole numbers")
    if all(type(x) is int and low <= x <= high for x in values):
        return
    for i, x in enumerate(values):
        if not isinstance(x, int) or isinstance(x, bool) or not low <= x <= high:
            raise PositionError(f"{where}[{i}] must be a whole number from {low} to {high}, got {x!r}")


def _check_cards(game: SixteenCombos, d: dict[str, Any]) -> None:
    """Every card of both decks is in exactly one place."""
    zones: list[tuple[str, list[str]]] = []

    def name(card: int) -> str:
        return str(card)

    pairs = d["pairs"]
    for c, ch in enumerate(d["characters"]):
        ids: list[int] = [ch["order"], *ch["wild"], *ch["to_place"]]
        slots = [p for p in ch["rows"] if p >= 0] + [h[1] for h in ch["held"]]
        slots += [p for p in (ch["consultation"], ch["stolen"]) if p >= 0]
        for p in slots:
            if pairs[p]["owner"] != c:
                raise PositionError(f"position.pairs[{p}] lies with character {c} but names owner {pairs[p]['owner']}")
            ids += [pairs[p]["type_id"], *pairs[p]["value_ids"]]
        zones.append((f"characters[{c}]", [name(x) for x in ids]))
    act = d["action"]
    flight = list(act["cards"]) + (list(act["drawn"]) if d["phase"] == PHASE_NAMES[Phase.SCAVENGE] else [])
    if d["phase"] == PHASE_NAMES[Phase.EFFECT] and act["effect"] == "steal":
        taken = pairs[act["tpair"]]
        flight += [taken["type_id"], *taken["value_ids"]]
    zones.append(("action", [name(x) for x in flight]))
    for key in ("draw", "discard", "waste", "unused"):
        zones.append((key, [name(x) for x in d[key]]))
    full = Counter(name(c) for c in [*range(DEAL_SIZE), *draw_deck(game.jokers)])
    check_position_cards(zones, full, "the two decks (card ids 0-51 deal, 54-107 draw)")


__all__ = ["assemble", "from_view", "position_of", "read_position"]
