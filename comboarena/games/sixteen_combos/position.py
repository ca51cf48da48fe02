"""16 Combos' positions: the whole table as JSON, read back strictly.

Fields (after the shared envelope) are the state's saved fields, declared in
:mod:`.fields`:

- ``faces``: the deal deck's 52 cards by id (the deal pile, top first);
- ``known``: per card id (0-107), a mask of the seats that know it (bit 15: everyone);
- ``pairs``: by pair id: ``type_id``, ``value_ids``, ``type`` (0-3: H D C S),
  ``value``, ``owner`` (-1 once gone), ``tokens`` (the cards its value depends
  on) and ``ledger`` (its value's public history, see ``knowledge.py``);
- ``characters``: ``rows`` (pair id, -1 empty, -2 held), ``defense_mark``,
  ``shown``, ``consultation``, ``stolen``, ``wild``, ``wild_value``,
  ``grappled`` ([column, pair]), ``flags``, ``incapacitated``, ``order``,
  ``to_place``, ``next_column``;
- ``draw`` (top first), ``discard``, ``waste``, ``waste_value``, ``unused``;
- ``queue`` (a ``TurnQueue``), ``extra_turn_info``, ``phase``, ``to_act``,
  ``action`` (``fields.Act``), ``defends``, ``constraints``, ``groups``, ``outcome``.

Each field is read on its own there; here are the checks between fields.
Format version 3 renamed ``extra_info``, a character's ``held`` and the
action's ``tchar``, ``tcol``, ``tpair``, ``diff`` and ``kind`` (see
:func:`upgrade`); versions 1 and 2 still read.

>>> import comboarena as ca
>>> game = ca.make("16-combos", placement="dealt")
>>> state = game.new_state(seed=3)
>>> game.from_position(state.position()).view(0) == state.view(0)
True
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from comboarena.core import Chance, Fields, PositionError
from comboarena.core.zones import check_position_cards

from .cards import DEAL_SIZE, draw_deck
from .fields import FIELDS
from .state import ComboState, build
from .view import P_EFFECT, P_OVER, P_PLACE, P_SCAVENGE

if TYPE_CHECKING:
    from .game import SixteenCombos


def read_position(game: SixteenCombos, f: Fields, chance: Chance) -> ComboState:
    """A state from a position's fields, or :class:`PositionError` naming the problem."""
    v = FIELDS.read(f, game)
    if len(v["extra_turn_info"]) != len(v["queue"].extra):
        raise PositionError("position.extra_turn_info must describe each extra turn of position.queue.extra")
    phase, outcome, to_act = v["phase"], v["outcome"], v["to_act"]
    try:
        _check_cards(game, v)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        raise PositionError(f"position is not valid: {exc!r}") from None
    if (phase == P_OVER) != (outcome is not None):
        raise PositionError("position.outcome must be given exactly when position.phase is 'over'")
    if phase not in (P_OVER, P_PLACE) and len(to_act) != 1:
        raise PositionError(f"position.to_act must name one seat in phase {phase!r}")
    return build(game, chance, v)


def _check_cards(game: SixteenCombos, v: dict[str, Any]) -> None:
    """Every card of both decks is in exactly one place, and a pair with the character it names."""
    zones: list[tuple[str, list[str]]] = []
    pairs, chars, act = v["pairs"], v["characters"], v["action"]
    for c in range(game.n_chars):
        ids: list[int] = [chars.order[c], *chars.wild[c], *chars.to_place[c]]
        slots = [p for p in chars.rows[c] if p >= 0] + [h[1] for h in chars.grappled[c]]
        slots += [p for p in (chars.consultation[c], chars.stolen[c]) if p >= 0]
        for p in slots:
            if pairs.owner[p] != c:
                raise PositionError(f"position.pairs[{p}] lies with character {c} but names owner {pairs.owner[p]}")
            ids += [pairs.type_id[p], *pairs.value_ids[p]]
        zones.append((f"characters[{c}]", [str(x) for x in ids]))
    flight = list(act.cards) + (list(act.drawn) if v["phase"] == P_SCAVENGE else [])
    if v["phase"] == P_EFFECT and act.effect == "steal":
        flight += [pairs.type_id[act.target_pair], *pairs.value_ids[act.target_pair]]
    zones.append(("action", [str(x) for x in flight]))
    for key in ("draw", "discard", "waste", "unused"):
        zones.append((key, [str(x) for x in v[key]]))
    full = Counter(str(c) for c in [*range(DEAL_SIZE), *draw_deck(game.jokers)])
    check_position_cards(zones, full, "the two decks (card ids 0-51 deal, 54-107 draw)")


# -- older formats ------------------------------------------------------------------------------

#: Version 3's names for the action's fields of version 2.
_ACTION_V3 = {"tchar": "target", "tcol": "target_column", "tpair": "target_pair", "diff": "difference"}


def upgrade(data: dict[str, Any], version: int) -> dict[str, Any]:
    """A position of format 1 or 2 (a copy) in format 3. Anything malformed is left as it
    is, for the reader to refuse with its usual message.

    - 1 to 2: a fact ``[card ids, type, need]`` ("at least ``need`` of these cards have
      ``type``") becomes ``[card ids, that type's mask for each, need, all]``; an outcome
      gets its ``values`` (worked out again from the board once read);
    - 2 to 3: the rulebook's names: ``extra_info`` is ``extra_turn_info``, a character's
      ``held`` is ``grappled``, the action's ``tchar``, ``tcol``, ``tpair`` and ``diff`` are
      ``target``, ``target_column``, ``target_pair`` and ``difference``, and its ``kind``
      (bit 1: the Consultation pair shields) is ``shield``.
    """
    if version == 1:
        facts = data.get("constraints")
        if isinstance(facts, list):
            data["constraints"] = [_fact_v1(f) for f in facts]
        out = data.get("outcome")
        if isinstance(out, dict) and isinstance(out.get("pairs"), list):
            out.setdefault("values", [0] * len(out["pairs"]))
    if "extra_info" in data:
        data["extra_turn_info"] = data.pop("extra_info")
    chars = data.get("characters")
    if isinstance(chars, list):
        for ch in chars:
            if isinstance(ch, dict) and "held" in ch:
                ch["grappled"] = ch.pop("held")
    act = data.get("action")
    if isinstance(act, dict):
        for old, new in _ACTION_V3.items():
            if old in act:
                act[new] = act.pop(old)
        if "kind" in act:
            kind = act.pop("kind")
            act["shield"] = bool(kind & 1) if type(kind) is int else kind
    data["version"] = 3
    # The fields in the declared order (a position's keys are its fields, in order).
    order = ["game", "version", "options", "chance", *FIELDS.saved]
    return {**{k: data[k] for k in order if k in data}, **data}


def _fact_v1(fact: Any) -> Any:
    """A version-1 constraint in the version-2 form."""
    if isinstance(fact, list) and len(fact) == 3 and isinstance(fact[0], list) and type(fact[1]) is int:
        ids, t, need = fact
        if 0 <= t < 4:
            return [ids, [1 << t] * len(ids), need, len(ids)]
    return fact


__all__ = ["read_position", "upgrade"]
