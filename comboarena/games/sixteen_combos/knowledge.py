"""What the table knows about hidden cards, and sampling worlds consistent with it.

Public knowledge that constrains a seat's hidden cards, all in every view:

- **Ledgers** (``view["ledgers"]``): for each pair whose value some seat cannot
  see, the public history of that value: its base cards, every Check against
  it (the action value and the outcome's range of differences), every damage
  (by a Check: ``2V - A``; by Poison: a known amount; by Snipe: another pair's
  difference), every increase, every value announced (a shove, a counter, a
  stolen pair) and every swap. Replaying a ledger with candidate faces tells
  whether they are possible.
- **Facts about hidden types** (``view["constraints"]``, each ``[card ids,
  a type mask for each, least, most]``: between ``least`` and ``most`` of the
  cards have a type in their mask). Whatever the table sees a character do, or
  be asked, that depends on its face-down cards is such a fact:

  - Available Actions: an announced action type proves that the value row held
    two (one, with a wild or a face card change) cards of that type;
  - Hire Guard with no single action card to hire (a counter, a shove, two
    scavenged cards): the decision is asked exactly when a lone value card has
    the action's type, so its being asked (or not) says whether one has;
  - the Face Card step is asked exactly when the actor may change (a value-row
    card of the face card's other type) or swap (a lone card of the announced
    type), so again its being asked (or not) tells;
  - a shove or a counter announces its defense pair's type, whose type card may
    be face down (Stealth).
- **One of Each Type** (``view["groups"]``): a character's dealt type cards
  are one of each type.
- Cards seen face up (revealed face cards, defeated values in the waste, the
  dropped lowest card under ``placement=dealt``), and the two decks: the
  draw deck's cards are all seen once out of the draw pile.

``determinize`` samples the hidden faces of the deal deck pair by pair
(enumerating the values a ledger allows), honouring types designated for the
facts (a type for enough of a fact's cards; types a fact rules out), then
checks everything and retries; the draw pile is shuffled.

>>> from .fields import L_BASE, L_CHK, L_DMG
>>> replay(((L_BASE, 5), (L_CHK, 10, 1, 5), (L_DMG, 10)), {5: 8}.__getitem__, None)
[8, 8, 6]
>>> replay(((L_BASE, 5), (L_CHK, 10, 1, 5)), {5: 4}.__getitem__, None) is None
True
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from comboarena.core import Chance, OptionError, TurnQueue

from .actions import LETTERS
from .cards import CARD_IDS, DEAL_SIZE, DRAW0, FACE_INDEX, FACE_TYPE, FACE_VALUE, MAX_VALUE, capped_add, draw_deck
from .combos import NAMES
from .fields import (
    EMPTY,
    HELD,
    L_ADD,
    L_BASE,
    L_CHK,
    L_DMG,
    L_DMGBY,
    L_EQ,
    L_LO,
    L_REBASE,
    L_SET,
    L_SUB,
    OUT,
    PUBLIC,
    REACTED,
    SCAVENGE,
    SHOVED,
    Act,
    Characters,
    Ending,
    Fact,
    Pairs,
    all_faces,
)
from .state import ComboState, build
from .view import OUTCOME_NAMES, PHASE_NAMES, SOURCE_NAMES

if TYPE_CHECKING:
    from .game import SixteenCombos

Ref = Callable[[int, int], int | None] | None
#: The values a deal-deck card may have (2-10, J 11, Q and K 12, A 13).
DEAL_VALUES = tuple(range(2, 14))
#: Ledger replays by (ledger, tokens, known values, requirement): ISMCTS
#: determinizes the same view again and again.
_MEMO: dict[tuple[Any, ...], list[tuple[int, ...]]] = {}


def replay(ledger: Sequence[Sequence[int]], value: Callable[[int], int], ref: Ref) -> list[int] | None:
    """The value after each entry of ``ledger``, with ``value(card)`` the face value of a
    token; ``None`` when the ledger is impossible with those values. ``ref(pair, k)`` is
    another pair's value after its first ``k`` entries (for Snipe's damage)."""
    out: list[int] = []
    v = 0
    last = len(ledger) - 1
    for i, op in enumerate(ledger):
        code = op[0]
        if code in (L_BASE, L_REBASE):
            v = min(MAX_VALUE, sum(value(t) for t in op[1:]))
        elif code == L_CHK:
            if not op[2] <= op[1] - v <= op[3]:
                return None
        elif code == L_DMG:
            v = 2 * v - op[1]
        elif code == L_ADD:
            v = capped_add(v, op[1], op[3] if len(op) > 3 else 0) if op[2] else v + op[1]
        elif code == L_SUB:
            v -= op[1]
        elif code == L_EQ:
            if v != op[1]:
                return None
        elif code == L_LO:
            if value(op[2]) < op[1]:
                return None
        elif code == L_SET:
            v = op[1]
        elif code == L_DMGBY:
            other = ref(op[1], op[2]) if ref is not None else None
            if other is None:
                return None
            v -= op[3] - other
        if v < 1 and i < last and ledger[i + 1][0] != L_EQ:
            return None  # a pair at 0 or less is defeated: nothing but its final value can follow
        out.append(v)
    return out


def ledger_tokens(ledger: Sequence[Sequence[int]]) -> set[int]:
    """The cards a ledger's value depends on (its base and swaps; not referenced pairs)."""
    out: set[int] = set()
    for op in ledger:
        if op[0] in (L_BASE, L_REBASE):
            out.update(op[1:])
        elif op[0] == L_LO:
            out.add(op[2])
    return out


class _Sampler:
    """Hidden deal-deck faces for one determinization (see the module docstring)."""

    def __init__(self, view: dict[str, Any], fixed: dict[int, int], rng: random.Random | None) -> None:
        self.rng: random.Random = rng  # type: ignore[assignment]  # set before sampling
        self.fixed = fixed
        self.hidden = [c for c in range(DEAL_SIZE) if c not in fixed]
        used = set(fixed.values())
        self.pool = [f for f in range(52) if f not in used]
        if len(self.pool) != len(self.hidden):
            raise OptionError("view is inconsistent: the deal deck's seen cards do not add up")
        #: The unseen faces by value, in the pool's order (each attempt takes from a copy).
        self.buckets: dict[int, list[int]] = {}
        for f in self.pool:
            self.buckets.setdefault(FACE_VALUE[f], []).append(f)
        self.ledgers: dict[int, tuple[tuple[int, ...], ...]] = {
            p: tuple(tuple(op) for op in ops) for p, ops, _ in view["ledgers"]
        }
        hidden = set(self.hidden)
        #: Each ledger's hidden cards (sorted), and whether it refers to another pair (Snipe).
        self.tokens = {p: sorted(t for t in ledger_tokens(led) if t in hidden) for p, led in self.ledgers.items()}
        self.refs = {p: _refs(led) for p, led in self.ledgers.items()}
        #: Every card each ledger's value depends on, in order (``_options``' memo keys).
        self.sorted_tokens = {p: sorted(ledger_tokens(led)) for p, led in self.ledgers.items()}
        #: ``_options`` by (pair, its tokens to sample, the known values of its other cards):
        #: shared by every sample of the view (a sample copies the sampler, not this).
        self.options: dict[tuple[Any, ...], list[tuple[int, ...]]] = {}
        #: Pairs whose ledger depends on a hidden card (directly or through Snipe's references).
        self.open = [p for p in self.ledgers if self.tokens[p] or self.refs[p]]
        #: The facts about hidden types (``table.Fact``), narrowed to the cards this seat cannot see.
        self.facts: list[Fact] = []
        for ids, masks, least, most in view["constraints"]:
            sat = 0
            free: list[tuple[int, int]] = []
            for c, m in zip(ids, masks, strict=True):
                t = _type(fixed, c)
                if t == -2:
                    free.append((c, m))
                elif t >= 0 and m >> t & 1:
                    sat += 1
            if most - sat < 0:
                raise OptionError("view is inconsistent: its seen cards break a fact about hidden types")
            if least - sat > 0 or most - sat < len(free):
                cards = tuple(c for c, _ in free)
                self.facts.append((cards, tuple(m for _, m in free), max(least - sat, 0), most - sat))
        #: The facts that need some of their cards to have a type in their masks (the others
        #: designate nothing).
        self.wanting = [(ids, masks, least) for ids, masks, least, _ in self.facts if least > 0]
        #: Types each hidden card cannot have (bit t: type t), from the facts that allow none.
        self.avoid: dict[int, int] = {}
        for ids, masks, _, most in self.facts:
            if most == 0:
                for c, m in zip(ids, masks, strict=True):
                    self.avoid[c] = self.avoid.get(c, 0) | m
        self.groups = [tuple(g) for g in view["groups"]]
        #: The hidden cards with types to avoid first (the order cards are given faces in when
        #: no type is designated).
        self.avoid_first = sorted(self.hidden, key=lambda t: t not in self.avoid)
        #: Pairs on the table (a value of at least 1), with the value where the view shows it.
        private = set(view["private"])
        #: A ledger stops growing once every card its value depends on is public, so only a live
        #: ledger (some card still hidden from someone) must end at the pair's value.
        self.board: dict[int, int | None] = {
            pv["id"]: pv["value"]
            for pv in table_pairs(view)
            if any(t < DRAW0 and (t not in fixed or t in private) for t in pv["tokens"])
        }

    def _final_ok(self, p: int, hist: list[int] | None) -> bool:
        if hist is None:
            return False
        if p not in self.board:
            return True
        shown = self.board[p]
        v = hist[-1] if hist else 0
        return v == shown if shown is not None else v >= 1

    def sample(self, tries: int = 400) -> dict[int, int]:
        for _ in range(tries):
            faces = self._attempt()
            if faces is not None and self._consistent(faces):
                return faces
        raise OptionError("could not sample a deal consistent with this view (is it a view of this game?)")

    # -- one attempt --------------------------------------------------------------------

    def _attempt(self) -> dict[int, int] | None:
        rng = self.rng
        want = self._designate()
        if want is None:
            return None
        faces = dict(self.fixed)
        #: The unseen faces by value (chosen from at random, so no shuffle is needed).
        bucket = {v: fs[:] for v, fs in self.buckets.items()}
        order = sorted(self.open, key=lambda p: (self.refs[p], rng.random()))
        for p in order:
            led = self.ledgers[p]
            tokens = [t for t in self.tokens[p] if t not in faces]
            if tokens and not self._pick_for(p, led, tokens, faces, bucket, want):
                return None
        rest = [f for fs in bucket.values() for f in fs]
        rng.shuffle(rest)
        avoid = self.avoid
        # The most constrained cards choose first: a designated type, then types to avoid.
        hidden = sorted(self.hidden, key=lambda t: (t not in want, t not in avoid)) if want else self.avoid_first
        for t in hidden:
            if t in faces:
                continue
            need = want.get(t, -1)
            if need >= 0:
                f = next((f for f in rest if FACE_TYPE[f] == need), -1)
            elif t in avoid:
                f = next((f for f in rest if not avoid[t] >> FACE_TYPE[f] & 1), -1)
            else:
                faces[t] = rest.pop()
                continue
            if f < 0:
                return None
            rest.remove(f)
            faces[t] = f
        return faces

    def _designate(self) -> dict[int, int] | None:
        """Types some hidden cards must have for the facts (at least so many of these cards
        have such a type) and One of Each Type."""
        rng = self.rng
        want: dict[int, int] = {}
        fixed = self.fixed
        for group in self.groups:
            taken = {FACE_TYPE[fixed[c]] for c in group if c in fixed}
            free = [t for t in range(4) if t not in taken]
            rng.shuffle(free)
            for c in group:
                if c not in fixed:
                    want[c] = free.pop()
        avoid = self.avoid
        for ids, masks, least in self.wanting:
            have = sum(1 for c, m in zip(ids, masks, strict=True) if c in want and m >> want[c] & 1) if want else 0
            if have >= least:
                continue
            open_ = [(c, m & ~avoid.get(c, 0)) for c, m in zip(ids, masks, strict=True) if c not in want]
            open_ = [(c, m) for c, m in open_ if m]
            if len(open_) < least - have:
                return None
            rng.shuffle(open_)
            for c, m in open_[: least - have]:
                types = [t for t in range(4) if m >> t & 1]
                want[c] = types[rng.randrange(len(types))] if len(types) > 1 else types[0]
        return want

    def _pick_for(
        self,
        p: int,
        led: tuple[tuple[int, ...], ...],
        tokens: list[int],
        faces: dict[int, int],
        bucket: dict[int, list[int]],
        want: dict[int, int],
    ) -> bool:
        """Faces for ``tokens`` (taken from ``bucket`` into ``faces``) that make ``led`` possible."""
        options = self._options(p, led, tokens, faces, bucket)
        n = len(options)
        start = self.rng.randrange(n) if n else 0
        rng = self.rng
        avoid = self.avoid
        for i in range(n):
            combo = options[(start + i) % n]
            chosen: list[int] = []
            for t, v in zip(tokens, combo, strict=True):
                need = want.get(t, -1)
                bar = avoid.get(t, 0)
                cands: Sequence[int]
                if need < 0 and not bar and not chosen:  # the usual card: any unseen face of the value
                    cands = bucket.get(v, ())
                else:
                    cands = [
                        f for f in bucket.get(v, ())
                        if f not in chosen and (need < 0 or FACE_TYPE[f] == need) and not bar >> FACE_TYPE[f] & 1
                    ]
                if not cands:
                    break
                chosen.append(cands[rng.randrange(len(cands))] if len(cands) > 1 else cands[0])
            else:
                for t, f in zip(tokens, chosen, strict=True):
                    faces[t] = f
                    bucket[FACE_VALUE[f]].remove(f)
                return True
        return False

    def _options(
        self, p: int, led: tuple[tuple[int, ...], ...], tokens: list[int], faces: dict[int, int],
        bucket: dict[int, list[int]],
    ) -> list[tuple[int, ...]]:
        """The value combinations of ``tokens`` the ledger allows (of every deal-deck value; the
        caller skips those no unseen card has). Memoized when the ledger refers to no other
        pair: ISMCTS determinizes the same views again and again."""
        refs = self.refs[p]
        key: tuple[Any, ...] | None = None
        local: tuple[Any, ...] = ()
        if not refs:
            others = tuple((t, _value(faces, t)) for t in self.sorted_tokens[p] if t in faces or t >= DRAW0)
            # This view's own memo first (its ledgers are fixed, so the pair names the ledger and
            # the key need not hash it), then the memo of every view.
            local = (p, tuple(tokens), others)
            hit = self.options.get(local)
            if hit is not None:
                return hit
            key = (led, local[1], others, self.board.get(p, -1) if p in self.board else -2)
            hit = _MEMO.get(key)
            if hit is not None:
                self.options[local] = hit
                return hit
        out: list[tuple[int, ...]] = []
        for combo in _product(DEAL_VALUES, len(tokens)):
            vals = dict(zip(tokens, combo, strict=True))

            def value(t: int, vals: dict[int, int] = vals) -> int:
                return vals[t] if t in vals else _value(faces, t)

            if self._final_ok(p, replay(led, value, self._ref(faces, vals) if refs else None)):
                out.append(combo)
        if key is not None:
            if len(_MEMO) > 50000:
                _MEMO.clear()
            _MEMO[key] = out
            self.options[local] = out
        return out

    def _ref(self, faces: dict[int, int], extra: dict[int, int] | None = None) -> Ref:
        ledgers = self.ledgers

        def value(t: int) -> int:
            if extra is not None and t in extra:
                return extra[t]
            return _value(faces, t)

        def ref(pair: int, k: int) -> int | None:
            led = ledgers.get(pair)
            if led is None:
                return None
            try:
                hist = replay(led[:k], value, ref)
            except KeyError:
                return None
            return hist[-1] if hist else None

        return ref

    # -- checking -----------------------------------------------------------------------

    def _consistent(self, faces: dict[int, int]) -> bool:
        def value(t: int) -> int:
            return _value(faces, t)

        ref = self._ref(faces)
        for p in self.open:
            if self.refs[p] and not self._final_ok(p, replay(self.ledgers[p], value, ref)):
                return False
        for ids, masks, least, most in self.facts:
            n = sum(1 for c, m in zip(ids, masks, strict=True) if m >> FACE_TYPE[faces[c]] & 1)
            if not least <= n <= most:
                return False
        return all(len({FACE_TYPE[faces[c]] for c in group}) == len(group) for group in self.groups)


def _value(faces: dict[int, int], card: int) -> int:
    """A card's value: draw-deck cards by id, deal-deck cards by the faces given (KeyError if unknown)."""
    return FACE_VALUE[card - DRAW0] if card >= DRAW0 else FACE_VALUE[faces[card]]


def _type(faces: dict[int, int], card: int) -> int:
    """A card's type: draw-deck cards are known by id, deal-deck cards by the faces given (-2: unknown)."""
    if card >= DRAW0:
        return FACE_TYPE[card - DRAW0]
    f = faces.get(card)
    return -2 if f is None else FACE_TYPE[f]


def _refs(led: Sequence[Sequence[int]]) -> bool:
    return any(op[0] == L_DMGBY for op in led)


def _product(values: Sequence[int], n: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(n):
        out = [(*o, v) for o in out for v in values]
    return out


def table_pairs(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every pair the view shows on the table (rows, held, Consultation, stolen)."""
    out: list[dict[str, Any]] = []
    for ch in view["characters"]:
        out += [pv for pv in ch["rows"] if isinstance(pv, dict)]
        out += ch["held"]
        out += [pv for pv in (ch["consultation"], ch["stolen"]) if pv]
    act = view["action"]
    if act and act["taking"]:
        out.append(act["taking"])
    return out


def seen_faces(view: dict[str, Any]) -> dict[int, int]:
    """Every card id whose face the view shows, with that face."""
    index = _TEXT_INDEX
    ids: list[int] = []
    texts: list[str | None] = []
    for pv in table_pairs(view):
        ids.append(pv["type_id"])
        texts.append(pv["type_card"])
        ids += pv["value_ids"]
        texts += pv["value_cards"]
    for ch in view["characters"]:
        ids += ch["to_place_ids"]
        texts += ch["to_place"]
        ids += ch["wild_ids"]
        texts += ch["wild"]
        ids.append(ch["order_id"])
        texts.append(ch["order_card"])
    ids += view["discard_ids"]
    texts += view["discard"]
    ids += view["waste_ids"]
    texts += view["waste"]
    act = view["action"]
    if act:
        ids += act["card_ids"]
        texts += act["cards"]
        ids += act["drawn_ids"]
        texts += act["drawn"]
    return {c: index[t] for c, t in zip(ids, texts, strict=True) if t is not None}


#: Face of each card text a view uses (``TH`` and ``TH'``).
_TEXT_INDEX: dict[str, int] = {**FACE_INDEX, **{f + "'": i for f, i in FACE_INDEX.items()}}


def determinize(game: SixteenCombos, view: dict[str, Any], seat: int | None, rng: random.Random) -> ComboState:
    """A full state consistent with ``view``: hidden deal-deck faces sampled under every
    public constraint, the draw pile shuffled, a fresh chance of its own."""
    prep = _prepared(game, view, seat)
    sampler = copy.copy(prep.sampler)
    sampler.rng = rng
    faces = sampler.sample()
    deal_faces = [faces[c] for c in range(DEAL_SIZE)]
    if not prep.pile_ok:
        raise OptionError("view is inconsistent: the draw pile's size does not match the cards seen")
    pile = prep.pile[:]
    rng.shuffle(pile)
    if not prep.world:  # worked out once the view has given a sample, as before any template
        prep.world.append(_template(view))
    return build(game, Chance(rng.getrandbits(63)), _fill(prep.world[0], deal_faces, prep.known[:], pile))


class _Prepared(NamedTuple):
    """What a determinization reads from a view before it draws anything: the same for every
    sample of one view (ISMCTS samples each view hundreds of times)."""

    snapshot: dict[str, Any]  # a copy of the view, to know it again
    game: SixteenCombos
    seat: int | None
    sampler: _Sampler  # without its generator
    pile: list[int]  # the draw pile's cards before the shuffle
    pile_ok: bool  # whether the view's draw pile holds as many
    known: list[int]
    world: list[_Template]  # the world the view describes, less what the sampled faces decide (once known)


#: The last view prepared (one entry: a search samples one view many times in a row).
_LAST: list[_Prepared] = []


def _prepared(game: SixteenCombos, view: dict[str, Any], seat: int | None) -> _Prepared:
    if _LAST:
        last = _LAST[0]
        if last.game is game and last.seat == seat and last.snapshot == view:
            return last
    if view.get("game") != "16-combos" or len(view.get("characters", ())) != game.n_chars:
        raise OptionError("the view is not of this game of 16 Combos (its characters differ)")
    shown = seen_faces(view)
    fixed = {c: f for c, f in shown.items() if c < DEAL_SIZE}
    sampler = _Sampler(view, fixed, None)
    out_of_pile = draw_cards_out(view)
    pile = [c for c in draw_deck(game.jokers) if c not in out_of_pile]
    known = _knowledge(view, seat, shown, out_of_pile)
    snapshot = pickle.loads(pickle.dumps(view, pickle.HIGHEST_PROTOCOL))  # a deep copy, quicker
    prep = _Prepared(snapshot, game, seat, sampler, pile, len(pile) == view["draw_pile"], known, [])
    _LAST[:] = [prep]
    return prep


def draw_cards_out(view: dict[str, Any]) -> set[int]:
    """Draw-deck ids that are not in the draw pile (every one is in the view)."""
    ids: list[int] = [*view["discard_ids"], *view["waste_ids"]]
    for ch in view["characters"]:
        ids.append(ch["order_id"])
        ids += ch["wild_ids"]
    for pv in table_pairs(view):
        ids.append(pv["type_id"])
        ids += pv["value_ids"]
    act = view["action"]
    if act:
        ids += act["card_ids"]
        if view["phase"] == "scavenge":
            ids += act["drawn_ids"]
    return {c for c in ids if c >= DRAW0}


def _knowledge(view: dict[str, Any], seat: int | None, shown: dict[int, int], out: set[int]) -> list[int]:
    """Knowledge masks for the sampled world: what the view shows (public or the seat's),
    and each seat's own cards known to it."""
    known = [0] * CARD_IDS
    private = set(view["private"])
    me = (1 << seat) if seat is not None else 0
    for c in (*shown, *out):
        known[c] = (me if c in private else PUBLIC | me)
    for ch in view["characters"]:
        bit = 1 << ch["seat"]
        for pv in [*[r for r in ch["rows"] if isinstance(r, dict)], *ch["held"]]:
            for c in (pv["type_id"], *pv["value_ids"]):
                known[c] |= bit
        for c in ch["to_place_ids"]:
            known[c] |= bit
    return known


def world(view: dict[str, Any], faces: list[int], known: list[int], pile: list[int]) -> dict[str, Any]:
    """The saved fields of the world a view describes, with sampled ``faces`` (the deal
    deck by id), knowledge masks and the draw pile (top first)."""
    return _fill(_template(view), faces, known, pile)


class _Template(NamedTuple):
    """The world a view describes, less what the sampled faces decide: worked out once per
    view (ISMCTS samples each view hundreds of times) and copied for each sample."""

    fields: dict[str, Any]  # every saved field but faces, known and draw (pairs, characters, action copied)
    ledgers: dict[int, list[list[int]]]
    #: Pairs on the table whose value the view hides: (pair, its tokens), worked out from the faces.
    values: tuple[tuple[int, tuple[int, ...]], ...]
    #: Pairs on the table whose type the view hides: (pair, its type card).
    types: tuple[tuple[int, int], ...]


def _template(view: dict[str, Any]) -> _Template:
    ledgers = {p: [list(op) for op in ops] for p, ops, _ in view["ledgers"]}
    tokens_of = {p: list(toks) for p, _, toks in view["ledgers"]}
    count = view["pair_count"]
    pairs: list[dict[str, Any]] = [
        {"type_id": -1, "value_ids": [], "type": 0, "value": 0, "owner": -1, "tokens": tokens_of.get(p, []),
         "ledger": ledgers.get(p, [])}
        for p in range(count)
    ]
    #: Per pair put on the table (the last put of a pair wins, as its fields do): whether the
    #: faces decide its value, and its type.
    late: dict[int, tuple[tuple[int, ...] | None, int]] = {}

    def put(pv: dict[str, Any], c: int) -> int:
        p = pv["id"]
        tokens = pv["tokens"]
        value = pv["value"]
        hidden_type = pv["type"] is None
        pairs[p].update(type_id=pv["type_id"], value_ids=list(pv["value_ids"]),
                        type=0 if hidden_type else "HDCS".index(pv["type"]), value=value or 0, owner=c,
                        tokens=list(tokens))
        late[p] = (tuple(tokens) if value is None else None, pv["type_id"] if hidden_type else -1)
        return p

    chars: list[dict[str, Any]] = []
    for ch in view["characters"]:
        c = ch["id"]
        rows = [EMPTY if r is None else HELD if r == "held" else put(r, c) for r in ch["rows"]]
        grappled = [[LETTERS.index(pv["col"]), put(pv, c)] for pv in ch["held"]]
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
                "grappled": grappled,
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
    action = Act() if act is None else _action(act, view["effect"])
    q = view["queue"]
    out = view["outcome"]
    fields = {
        "pairs": Pairs.from_json(pairs),
        "characters": Characters.from_json(chars),
        "discard": list(view["discard_ids"]),
        "waste": tuple(view["waste_ids"]),
        "waste_value": view["waste_value"] or 0,
        "unused": tuple(view["unused_ids"]),
        "queue": TurnQueue(tuple(q["order"]), q["at"], tuple(q["extra"]), q["current"], q["extra_turn"], q["round"]),
        "extra_turn_info": tuple((x[0], x[1], x[2]) for x in view["extra_info"]),
        "phase": PHASE_NAMES[PHASE_NAMES.index(view["phase"])],
        "to_act": tuple(view["to_act"]),
        "action": action,
        "defends": tuple((d[0], d[1], tuple(d[2]), d[3]) for d in view["defends"]),
        "constraints": tuple((tuple(ids), tuple(masks), least, most) for ids, masks, least, most in
                             view["constraints"]),
        "groups": tuple(tuple(g) for g in view["groups"]),
        "outcome": None if out is None else Ending(tuple(out["winners"]), out["reason"], tuple(out["pairs"]),
                                                   tuple(out["values"])),
    }
    values = tuple((p, tokens) for p, (tokens, _) in late.items() if tokens is not None)
    types = tuple((p, type_id) for p, (_, type_id) in late.items() if type_id >= 0)
    return _Template(fields, ledgers, values, types)


def _fill(tpl: _Template, faces: list[int], known: list[int], pile: list[int]) -> dict[str, Any]:
    """The saved fields of ``tpl``'s world with sampled ``faces``, ``known`` and ``pile``."""
    face = all_faces(faces)

    def value_of(t: int) -> int:
        return FACE_VALUE[face[t]]

    fields = tpl.fields
    pairs: Pairs = fields["pairs"].copy()
    ledgers = tpl.ledgers
    value = pairs.value
    for p, tokens in tpl.values:
        if p in ledgers:
            hist = replay(ledgers[p], value_of, _ref(ledgers, value_of))
            value[p] = hist[-1] if hist else 0
        else:
            value[p] = min(MAX_VALUE, sum(value_of(t) for t in tokens)) if tokens else 0
    type_ = pairs.type
    for p, type_id in tpl.types:
        type_[p] = FACE_TYPE[face[type_id]]
    action: Act = fields["action"].copy()
    if action.outcome >= 0 and action.target_pair >= 0:
        action.difference = action.value - value[action.target_pair]
    return {
        **fields,
        "faces": face,
        "known": known,
        "pairs": pairs,
        "characters": fields["characters"].copy(),
        "draw": pile[::-1],
        "discard": fields["discard"][:],
        "action": action,
    }


def _action(act: dict[str, Any], effect: str | None) -> Act:
    """The action in progress as a view shows it (every part of it is public; its Check's
    difference is the filler's to work out, from the target pair's value)."""
    a = Act()
    a.actor = act["actor"]
    a.extra = act["extra"]
    a.target = act["target"]
    a.target_column = act["column_index"]
    a.target_pair = act["pair"]
    a.type = "HDCS".index(act["type"]) if act["type"] else -1
    a.value = act["value"]
    a.source = SOURCE_NAMES.index(act["source"]) if act["source"] else -1
    a.cards = tuple(act["card_ids"])
    a.drawn = tuple(act["drawn_ids"])
    a.counter = act["counter"]
    a.outcome = OUTCOME_NAMES.index(act["outcome"]) if act["outcome"] else -1
    a.combo = NAMES.index(act["combo"]) if act["combo"] else -1
    a.effect = effect or ""
    a.shield = bool(act["kind"] & 1)
    return a


def _ref(ledgers: dict[int, list[list[int]]], value_of: Callable[[int], int]) -> Ref:
    def ref(pair: int, k: int) -> int | None:
        led = ledgers.get(pair)
        if led is None:
            return None
        hist = replay(led[:k], value_of, ref)
        return hist[-1] if hist else None

    return ref


__all__ = ["determinize", "draw_cards_out", "ledger_tokens", "replay", "seen_faces", "table_pairs", "world"]
