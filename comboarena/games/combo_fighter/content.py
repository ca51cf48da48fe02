"""Fighters as data: the schema of ``fighters/<id>.toml`` and its loader.

A fighter file describes one Character Sheet, Action Deck and Power Token
(rulebook: "Components", "Breakdown of the action cards", "Signature
combos", "Power tokens"). Designers edit these files by hand, so the loader
checks every field and names the file, the card and the field of the first
problem it finds. The loaded fighter is a set of immutable tables indexed by
small ints (the card *type*: its position in the file), shared by every state.

The fighters shipped with Combo Arena are original content written for it; they
are not the published cards.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from comboarena.core import ComboArenaError

ATTACK, DEFENSE, FOOTWORK = 0, 1, 2
KINDS = ("attack", "defense", "footwork")
COLOURS = ("red", "blue", "yellow")
BUTTONS = ("triangle", "square", "circle")
SYMBOLS = ("▲", "■", "●")
DECK_SIZE = 50
HAND_SIZE = 5
#: Words the notation uses; neither a card code nor a fighter id may be one of them.
#: (Fighter ids are the 2 vs 2 picks, so a card code may not be a fighter's id either:
#: :func:`fighters` checks that across the files.)
RESERVED = frozenset({"end", "call", "deck", "rest", "done", "power", "pass", "tag", "stay", "aside"})
#: Cards the solo AI draws when it wins a round (rulebook: "draw 4 cards").
SOLO_DRAWS = 4
FIGHTERS_DIR = Path(__file__).with_name("fighters")

_CODE = re.compile(r"^[a-z][a-z0-9]{1,3}$")
_DAMAGE = re.compile(r"^(\d*)X(?:\+(\d+))?$")


class FighterDataError(ComboArenaError):
    """A fighter file that does not follow the schema (the message names file, card and field)."""


class Damage(NamedTuple):
    """A damage value ``x * X + base`` (rulebook: "Cards may also have a damage value of X").

    >>> Damage(2, 1).value(3), str(Damage(2, 1)), str(Damage(0, 4)), str(Damage(1, 0))
    (7, '2X+1', '4', 'X')
    """

    x: int
    base: int

    def value(self, x: int) -> int:
        return self.x * x + self.base

    def __str__(self) -> str:
        if not self.x:
            return str(self.base)
        text = ("" if self.x == 1 else str(self.x)) + "X"
        return text + (f"+{self.base}" if self.base else "")


class Card(NamedTuple):
    """One card type of an Action Deck; ``box`` is the Combo Box as a bitmask of buttons."""

    code: str
    title: str
    kind: int
    button: int
    speed: int  # attack cards only (0 otherwise)
    priority: bool  # defense and footwork cards only
    opening: int
    combo: Damage
    box: int
    copies: int  # "count" in the file (a NamedTuple field may not be called count)
    tags: tuple[str, ...]

    @property
    def box_buttons(self) -> tuple[int, ...]:
        return tuple(b for b in range(3) if self.box >> b & 1)


class Version(NamedTuple):
    """The Basic or Power version of a Signature Combo: exact cards, their damage, and
    ``requires`` (``1``: only while the Power Token shows side B; ``-1``: always)."""

    cards: tuple[int, ...]
    damage: Damage
    requires: int


class Signature(NamedTuple):
    name: str
    basic: Version
    power: Version | None


class Flip(NamedTuple):
    """When a Power Token side flips at the end of a round.

    ``what``: ``win`` (won the round, with a card of ``kind`` if ``kind`` >= 0),
    ``lose`` (lost the round), ``played`` (played card type ``arg`` this round) or
    ``aside`` (``arg`` or more cards lie set aside).
    """

    what: str
    kind: int
    arg: int


class Retro(NamedTuple):
    """A retroactive power: after the reveal, an attack card that lost or tied against an
    attack card may gain ``speed``, paying ``cost`` cards from the top of the deck."""

    speed: int
    cost: int


class TokenSide(NamedTuple):
    """What one side of a Power Token does, in the declarative vocabulary."""

    name: str
    text: str
    x_base: int
    x_per_aside: int
    has_x: bool
    speed: int
    hand: int
    flip: Flip | None
    retro: Retro | None
    combo_aside: frozenset[int]


class Token(NamedTuple):
    """A two-sided Power Token. ``text`` is printed on both sides, and the rules it states
    (``start_aside``, ``aside_play``) are active whichever side is up (rulebook: "Unless
    explicitly stated on the token, only the rules printed on the side facing up are active")."""

    name: str
    text: str
    start_aside: tuple[int, ...]
    aside_play: bool
    sides: tuple[TokenSide, TokenSide]


class SoloFlip(NamedTuple):
    """A solo rule that turns the AI's Power Token to side B at the end of a round.

    ``what``: ``drawn`` (it won and drew at least ``at_least`` cards of ``kind``) or
    ``asided`` (it set at least ``at_least`` cards aside this round).
    """

    what: str
    kind: int
    at_least: int


class Solo(NamedTuple):
    """A fighter's additional rules as the solo-mode AI (rulebook: "In Solo Mode, the
    individual AI fighters use a few additional rules"), added to its Power Token's.

    - ``start_aside``: cards set aside at the start of the game (its first fight), besides the token's;
    - ``draws``: cards drawn when it wins a round, per token side (A, B);
    - ``flip``: a :class:`SoloFlip` (to side B) besides the token's own flips;
    - ``aside_knockout``: set-aside cards join a combo only if it knocks the opponent out;
    - ``prefer_aside``: while fewer than this many cards lie aside, it prefers a combo
      that sets one aside over damage (0: no preference).
    """

    text: str
    start_aside: tuple[int, ...]
    draws: tuple[int, int]
    flip: SoloFlip | None
    aside_knockout: bool
    prefer_aside: int


@dataclass(frozen=True, eq=False)
class Fighter:
    """A loaded fighter; its card tables are tuples indexed by card type."""

    id: str
    name: str
    style: str
    difficulty: int
    bio: str
    cards: tuple[Card, ...]
    starting_hand: tuple[int, ...]
    signatures: tuple[Signature, ...]
    token: Token
    solo: Solo
    source: str
    #: code -> card type
    index: dict[str, int] = field(repr=False)
    #: every physical card as its type, sorted (50 of them)
    composition: tuple[int, ...] = field(repr=False)
    #: exact card sequence -> (signature, version: 0 basic / 1 power)
    signature_index: dict[tuple[int, ...], tuple[int, int]] = field(repr=False)

    def code(self, t: int) -> str:
        return self.cards[t].code

    def types(self, codes: list[str] | tuple[str, ...]) -> list[int]:
        return [self.index[c] for c in codes]


# -- the loader ---------------------------------------------------------------------


@cache
def fighters() -> dict[str, Fighter]:
    """Every fighter in ``fighters/*.toml``, by id, in file-name order (loaded once).

    The roster is these files and nothing else: adding a fighter is adding a file.
    A fighter's id is also its 2 vs 2 pick, so no card code of any fighter may be a
    fighter's id.
    """
    out: dict[str, Fighter] = {}
    for path in sorted(FIGHTERS_DIR.glob("*.toml")):
        f = load_fighter_file(path)
        out[f.id] = f
    for f in out.values():
        for c in f.cards:
            if c.code in out:
                raise FighterDataError(
                    f"{f.source}: card {c.title!r}: field 'code' {c.code!r} is the id of the fighter in "
                    f"{out[c.code].source}; card codes and fighter ids share the notation"
                )
    return out


def fighter_ids() -> tuple[str, ...]:
    """The roster: every fighter id, in file-name order."""
    return tuple(fighters())


def load_fighter_file(path: str | Path) -> Fighter:
    """Read and validate one fighter file; raises :class:`FighterDataError`."""
    path = Path(path)
    source = f"fighters/{path.name}" if path.parent == FIGHTERS_DIR else str(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise FighterDataError(f"{source}: cannot read the file: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise FighterDataError(f"{source}: not valid TOML: {exc}") from None
    return load_fighter(data, source, expected_id=path.stem)


def load_fighter(data: dict[str, Any], source: str, expected_id: str | None = None) -> Fighter:
    """Validate the parsed TOML of a fighter file and build its tables."""
    return _Reader(source).fighter(data, expected_id)


class _Reader:
    """Schema checks with messages of the form ``file: card 'Title' (cards[3]): field 'speed': ...``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: str, problem: str) -> FighterDataError:
        return FighterDataError(f"{self.source}: {where}: {problem}" if where else f"{self.source}: {problem}")

    def keys(self, table: Any, where: str, required: set[str], optional: set[str]) -> dict[str, Any]:
        if not isinstance(table, dict):
            raise self.fail(where, f"must be a table, got {_show(table)}")
        # An unknown field first: it is usually a misspelt one, which also shows as missing.
        unknown = sorted(set(table) - required - optional)
        if unknown:
            allowed = ", ".join(sorted(required | optional))
            raise self.fail(where, f"unknown field '{unknown[0]}' (allowed: {allowed})")
        missing = sorted(required - set(table))
        if missing:
            raise self.fail(where, f"missing field '{missing[0]}' (required: {', '.join(sorted(required))})")
        return table

    def text(self, table: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
        value = table.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(where, f"field '{key}' must be a non-empty text, got {_show(value)}")
        return value.strip()

    def integer(self, table: dict[str, Any], key: str, where: str, lo: int, hi: int, default: int | None = None) -> int:
        value = table.get(key, default)
        if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
            raise self.fail(where, f"field '{key}' must be an integer from {lo} to {hi}, got {_show(value)}")
        return value

    def choice(self, table: dict[str, Any], key: str, where: str, allowed: tuple[str, ...]) -> int:
        value = table.get(key)
        if value not in allowed:
            raise self.fail(where, f"field '{key}' must be one of {', '.join(allowed)}, got {_show(value)}")
        return allowed.index(value)

    def damage(self, value: Any, where: str, key: str, allow_x: bool) -> Damage:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 30:
            return Damage(0, value)
        if allow_x and isinstance(value, str):
            m = _DAMAGE.match(value.replace(" ", ""))
            if m:
                return Damage(int(m.group(1) or 1), int(m.group(2) or 0))
        what = "an integer 0-30 or X, 2X, X+1 ..." if allow_x else "an integer 0-30"
        raise self.fail(where, f"field '{key}' must be {what}, got {_show(value)}")

    def codes(self, value: Any, where: str, key: str, index: dict[str, int]) -> list[int]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise self.fail(where, f"field '{key}' must be a list of card codes, got {_show(value)}")
        out = []
        for c in value:
            if c not in index:
                raise self.fail(where, f"field '{key}': no card has code {c!r} (codes: {', '.join(index)})")
            out.append(index[c])
        return out

    # -- the fighter ------------------------------------------------------------------

    def fighter(self, data: dict[str, Any], expected_id: str | None) -> Fighter:
        top = self.keys(
            data,
            "",
            {"id", "name", "style", "difficulty", "starting_hand", "cards", "signatures", "power", "solo"},
            {"bio"},
        )
        fid = self.text(top, "id", "")
        if not re.match(r"^[a-z]+$", fid) or fid in RESERVED:
            raise self.fail("", f"field 'id' must be lowercase letters and not a notation word, got {fid!r}")
        if expected_id is not None and fid != expected_id:
            raise self.fail("", f"field 'id' is {fid!r} but the file is named {expected_id}.toml")
        cards = self.cards(top["cards"])
        index = {c.code: t for t, c in enumerate(cards)}
        composition = tuple(t for t, c in enumerate(cards) for _ in range(c.copies))
        token = self.token(top["power"], cards, index)
        uses_x: list[Card | Signature] = [c for c in cards if c.combo.x]
        signatures = self.signatures(top["signatures"], cards, index)
        uses_x += [s for s in signatures if s.basic.damage.x or (s.power and s.power.damage.x)]
        for side, letter in zip(token.sides, "ab", strict=True):
            if uses_x and not side.has_x:
                first = uses_x[0]
                what = f"card {first.title!r}" if isinstance(first, Card) else f"signature {first.name!r}"
                raise self.fail(f"power.{letter}", f"{what} deals X damage, so this side must define 'x'")
        hand = self.codes(top["starting_hand"], "starting_hand", "starting_hand", index)
        if len(hand) != HAND_SIZE:
            raise self.fail("starting_hand", f"must name exactly {HAND_SIZE} cards, got {len(hand)}")
        for t in set(hand):
            have = cards[t].copies - token.start_aside.count(t)
            if hand.count(t) > have:
                raise self.fail(
                    "starting_hand", f"names {hand.count(t)} x {cards[t].code!r} but only {have} can be in hand"
                )
        solo = self.solo(top["solo"], cards, index)
        self.printed(token, solo, cards)
        return Fighter(
            id=fid,
            name=self.text(top, "name", ""),
            style=self.text(top, "style", ""),
            difficulty=self.integer(top, "difficulty", "", 1, 3),
            bio=self.text(top, "bio", "", default="-"),
            cards=cards,
            starting_hand=tuple(sorted(hand)),
            signatures=signatures,
            token=token,
            solo=solo,
            source=self.source,
            index=index,
            composition=composition,
            signature_index={
                v.cards: (i, version)
                for i, sig in enumerate(signatures)
                for version, v in enumerate((sig.basic, sig.power))
                if v is not None
            },
        )

    def cards(self, raw: Any) -> tuple[Card, ...]:
        if not isinstance(raw, list) or not raw:
            raise self.fail("cards", "must be a list of [[cards]] tables")
        cards: list[Card] = []
        for i, table in enumerate(raw):
            title = table.get("title") if isinstance(table, dict) else None
            where = f"card {title!r} (cards[{i}])" if isinstance(title, str) else f"cards[{i}]"
            cards.append(self.card(table, where))
            for other in cards[:-1]:
                if other.code == cards[-1].code:
                    raise self.fail(where, f"field 'code': {other.code!r} is already used by {other.title!r}")
                if other.title == cards[-1].title:
                    raise self.fail(where, f"field 'title': another card is already called {other.title!r}")
        total = sum(c.copies for c in cards)
        if total != DECK_SIZE:
            raise self.fail("cards", f"the counts add up to {total} cards; an Action Deck has {DECK_SIZE}")
        return tuple(cards)

    def card(self, raw: Any, where: str) -> Card:
        table = self.keys(
            raw,
            where,
            {"code", "title", "kind", "button", "opening", "combo", "combo_box", "count"},
            {"speed", "priority", "tags"},
        )
        code = self.text(table, "code", where)
        if not _CODE.match(code) or code in RESERVED:
            raise self.fail(
                where,
                f"field 'code' must be 2-4 lowercase letters/digits starting with a letter and not a "
                f"notation word ({', '.join(sorted(RESERVED))}), got {code!r}",
            )
        kind = self.choice(table, "kind", where, KINDS)
        if kind == ATTACK:
            speed = self.integer(table, "speed", where, 1, 9)
            if "priority" in table:
                raise self.fail(where, "field 'priority' is for defense and footwork cards; attacks have 'speed'")
            priority = False
        else:
            if "speed" in table:
                raise self.fail(where, "field 'speed' is for attack cards; defense and footwork may have 'priority'")
            speed = 0
            priority = table.get("priority", False)
            if not isinstance(priority, bool):
                raise self.fail(where, f"field 'priority' must be true or false, got {_show(priority)}")
        box_raw = table["combo_box"]
        if not isinstance(box_raw, list) or any(b not in BUTTONS for b in box_raw) or len(set(box_raw)) < len(box_raw):
            raise self.fail(where, f"field 'combo_box' must list distinct buttons of {', '.join(BUTTONS)}")
        tags = table.get("tags", [])
        if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
            raise self.fail(where, f"field 'tags' must be a list of words, got {_show(tags)}")
        return Card(
            code=code,
            title=self.text(table, "title", where),
            kind=kind,
            button=self.choice(table, "button", where, BUTTONS),
            speed=speed,
            priority=priority,
            # Every card deals at least 1 Opening Damage, so every round that is won or tied
            # costs someone a card and a fight always ends.
            opening=self.integer(table, "opening", where, 1, 30),
            combo=self.damage(table["combo"], where, "combo", allow_x=True),
            box=sum(1 << BUTTONS.index(b) for b in box_raw),
            copies=self.integer(table, "count", where, 1, DECK_SIZE),
            tags=tuple(tags),
        )

    def signatures(self, raw: Any, cards: tuple[Card, ...], index: dict[str, int]) -> tuple[Signature, ...]:
        if not isinstance(raw, list) or not 3 <= len(raw) <= 5:
            raise self.fail("signatures", "a Character Sheet shows 3 to 5 [[signatures]]")
        out: list[Signature] = []
        seen: dict[tuple[int, ...], str] = {}
        for i, table in enumerate(raw):
            name = table.get("name") if isinstance(table, dict) else None
            where = f"signature {name!r} (signatures[{i}])" if isinstance(name, str) else f"signatures[{i}]"
            table = self.keys(table, where, {"name", "basic"}, {"power"})
            name = self.text(table, "name", where)
            if any(s.name == name for s in out):
                raise self.fail(where, f"field 'name': two signatures are called {name!r}")
            basic = self.version(table["basic"], f"{where} basic", cards, index)
            power = self.version(table["power"], f"{where} power", cards, index) if "power" in table else None
            for key, v in (("basic", basic), ("power", power)):
                if v is None:
                    continue
                if v.cards in seen:
                    raise self.fail(f"{where} {key}", f"field 'cards' is the same sequence as {seen[v.cards]}")
                seen[v.cards] = f"{name} {key}"
            out.append(Signature(name, basic, power))
        return tuple(out)

    def version(self, raw: Any, where: str, cards: tuple[Card, ...], index: dict[str, int]) -> Version:
        table = self.keys(raw, where, {"cards", "damage"}, {"requires"})
        seq = self.codes(table["cards"], where, "cards", index)
        if len(seq) < 2:
            raise self.fail(where, "field 'cards' must name at least 2 cards (a combo)")
        for a, b in itertools.pairwise(seq):
            if not cards[a].box >> cards[b].button & 1:
                raise self.fail(
                    where,
                    f"field 'cards': {cards[b].code!r} ({BUTTONS[cards[b].button]}) cannot follow "
                    f"{cards[a].code!r}, whose Combo Box is {'/'.join(BUTTONS[x] for x in cards[a].box_buttons)}",
                )
        for t in set(seq):
            if seq.count(t) > cards[t].copies:
                raise self.fail(where, f"field 'cards' uses {seq.count(t)} x {cards[t].code!r}; the deck has fewer")
        damage = self.damage(table["damage"], where, "damage", allow_x=True)
        if damage == Damage(0, 0):
            raise self.fail(where, "field 'damage' must be more than 0")
        requires = table.get("requires", "")
        if requires not in ("", "B"):
            raise self.fail(where, f"field 'requires' may only be \"B\" (the Power Token's side B), got {requires!r}")
        return Version(tuple(seq), damage, 1 if requires == "B" else -1)

    def token(self, raw: Any, cards: tuple[Card, ...], index: dict[str, int]) -> Token:
        table = self.keys(raw, "power", {"name", "a", "b"}, {"text", "start_aside", "aside_play"})
        text = self.text(table, "text", "power") if "text" in table else ""
        start = self.codes(table.get("start_aside", []), "power", "start_aside", index)
        for t in set(start):
            if start.count(t) > cards[t].copies:
                raise self.fail("power", f"field 'start_aside' sets aside more {cards[t].code!r} than the deck holds")
        aside_play = table.get("aside_play", False)
        if not isinstance(aside_play, bool):
            raise self.fail("power", f"field 'aside_play' must be true or false, got {_show(aside_play)}")
        sides = (self.side(table["a"], "power.a", cards, index), self.side(table["b"], "power.b", cards, index))
        return Token(self.text(table, "name", "power"), text, tuple(start), aside_play, sides)

    def side(self, raw: Any, where: str, cards: tuple[Card, ...], index: dict[str, int]) -> TokenSide:
        table = self.keys(raw, where, {"name", "text"}, {"x", "speed", "hand", "flip", "retro", "combo_aside"})
        x_base = x_per = 0
        has_x = "x" in table
        if has_x:
            x = table["x"]
            if isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 10:
                x_base = x
            elif isinstance(x, dict):
                self.keys(x, f"{where}.x", set(), {"base", "per_aside"})
                x_base = self.integer(x, "base", f"{where}.x", 0, 10, default=0)
                x_per = self.integer(x, "per_aside", f"{where}.x", 0, 5, default=0)
            else:
                raise self.fail(
                    where, f"field 'x' must be an integer 0-10 or {{ base = .., per_aside = .. }}, got {x!r}"
                )
        retro = None
        if "retro" in table:
            r = self.keys(table["retro"], f"{where}.retro", {"speed"}, {"cost"})
            retro = Retro(
                self.integer(r, "speed", f"{where}.retro", 1, 9), self.integer(r, "cost", f"{where}.retro", 0, 3, 0)
            )
        return TokenSide(
            name=self.text(table, "name", where),
            text=self.text(table, "text", where),
            x_base=x_base,
            x_per_aside=x_per,
            has_x=has_x,
            speed=self.integer(table, "speed", where, 0, 5, default=0),
            hand=self.integer(table, "hand", where, HAND_SIZE, 7, default=HAND_SIZE),
            flip=self.flip(table.get("flip"), where, index),
            retro=retro,
            combo_aside=frozenset(self.codes(table.get("combo_aside", []), where, "combo_aside", index)),
        )

    def solo(self, raw: Any, cards: tuple[Card, ...], index: dict[str, int]) -> Solo:
        where = "solo"
        table = self.keys(raw, where, {"text"}, {"start_aside", "draws", "flip", "aside_play", "prefer_aside"})
        start = self.codes(table.get("start_aside", []), where, "start_aside", index)
        draws_raw = table.get("draws", SOLO_DRAWS)
        if isinstance(draws_raw, dict):
            self.keys(draws_raw, f"{where}.draws", set(), {"a", "b"})
            draws = (
                self.integer(draws_raw, "a", f"{where}.draws", 1, 10, default=SOLO_DRAWS),
                self.integer(draws_raw, "b", f"{where}.draws", 1, 10, default=SOLO_DRAWS),
            )
        else:
            n = self.integer(table, "draws", where, 1, 10, default=SOLO_DRAWS)
            draws = (n, n)
        aside_play = table.get("aside_play", "")
        if aside_play not in ("", "knockout"):
            raise self.fail(
                where,
                f"field 'aside_play' may only be \"knockout\" (set-aside cards join a combo only if it knocks "
                f"the opponent out), got {_show(aside_play)}",
            )
        return Solo(
            text=self.text(table, "text", where),
            start_aside=tuple(start),
            draws=draws,
            flip=self.solo_flip(table.get("flip"), where),
            aside_knockout=aside_play == "knockout",
            prefer_aside=self.integer(table, "prefer_aside", where, 0, DECK_SIZE, default=0),
        )

    def solo_flip(self, value: Any, where: str) -> SoloFlip | None:
        if value is None:
            return None
        allowed = "drawn:<kind>:<count> or asided:<count>"
        if isinstance(value, str):
            parts = value.split(":")
            if len(parts) == 3 and parts[0] == "drawn" and parts[1] in KINDS and parts[2].isdigit():
                return SoloFlip("drawn", KINDS.index(parts[1]), int(parts[2]))
            if len(parts) == 2 and parts[0] == "asided" and parts[1].isdigit() and int(parts[1]) >= 1:
                return SoloFlip("asided", -1, int(parts[1]))
        raise self.fail(where, f"field 'flip' must be {allowed}, got {_show(value)}")

    def printed(self, token: Token, solo: Solo, cards: tuple[Card, ...]) -> None:
        """Every power must be printed where the players read it (rulebook: "only the rules
        printed on the side facing up are active"): a rule that sets a card aside, plays it
        from beside the token or flips on it names the card in the text that states it."""

        def named(text: str, types: Any, where: str, what: str) -> None:
            for t in sorted(set(types)):
                if cards[t].title.lower() not in text.lower():
                    raise self.fail(
                        where,
                        f"{what} {cards[t].title!r}, so the text printed there must name it "
                        f"(field 'text': {text[:60]!r}{'...' if len(text) > 60 else ''})",
                    )

        if (token.start_aside or token.aside_play) and not token.text:
            raise self.fail(
                "power",
                "the token sets cards aside or plays them from beside it on both sides, so it must print that "
                "rule: add field 'text' (printed on both sides)",
            )
        named(token.text, token.start_aside, "power", "field 'start_aside' sets aside")
        for side, letter in zip(token.sides, "ab", strict=True):
            named(side.text, side.combo_aside, f"power.{letter}", "field 'combo_aside' sets aside")
            if side.flip is not None and side.flip.what == "played":
                named(side.text, (side.flip.arg,), f"power.{letter}", "field 'flip' turns the token on")
        named(solo.text, solo.start_aside, "solo", "field 'start_aside' sets aside")

    def flip(self, value: Any, where: str, index: dict[str, int]) -> Flip | None:
        if value is None:
            return None
        allowed = "win, win:<kind>, lose, played:<code> or aside:<count>"
        if not isinstance(value, str):
            raise self.fail(where, f"field 'flip' must be {allowed}, got {_show(value)}")
        what, _, arg = value.partition(":")
        if what == "win" and (not arg or arg in KINDS):
            return Flip("win", KINDS.index(arg) if arg else -1, 0)
        if what == "lose" and not arg:
            return Flip("lose", -1, 0)
        if what == "played" and arg in index:
            return Flip("played", -1, index[arg])
        if what == "aside" and arg.isdigit() and 1 <= int(arg) <= DECK_SIZE:
            return Flip("aside", -1, int(arg))
        raise self.fail(where, f"field 'flip' must be {allowed}, got {value!r}")


def _show(value: Any) -> str:
    return repr(value) if not isinstance(value, dict) else "a table"
