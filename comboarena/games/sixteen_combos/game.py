"""16 Combos as a registered game: options, the deal from a stacked deck,
determinization and positions of older formats."""

from __future__ import annotations

import random
from typing import Any

from comboarena.core import Action, Chance, Fields, Game, GameInfo, Option, OptionError
from comboarena.core.cards import check_deck, parse_card

from .actions import MAX_CHARACTERS, NOTATION_HELP, parse
from .cards import DEAL_SIZE, DRAW0, FACE_INDEX, FACES, TYPE_NAMES, TYPE_SYMBOLS, draw_deck
from .combos import COMBO, NAMES, TAGS, TEXT
from .defeat import refinish
from .encoder import ComboEncoder
from .knowledge import determinize
from .position import read_position, upgrade
from .state import ComboState, new_state
from .view import P_PLACE, RULES_VERSION, RULESET

WINNING = (
    "a character with no pair left is defeated; the last side with a character wins; after round_limit rounds "
    "the side with the most pairs wins (then the higher total value; else a draw)"
)

SUMMARY = (
    f"{RULESET} (MIT licence). A card battle system with two decks: each character has rows of type and value "
    "cards; on your turn you target an enemy's defense pair with an action type and a drawn value, and the "
    "difference decides the Check (defeated, damaged, missed, critical failure). A defeat triggers one of sixteen "
    "combos of action type and target type, with reactions, counters and extra turns. "
    f"Winning (not in the rulebook): {WINNING}."
)


#: One-letter marks of the Combo Table's caveats.
TAG_MARKS = {"Once": "O", "Limited": "L", "Passive": "P", "Save Wild": "W", "Surprise": "S", "Unlimited": "U",
             "Incapacitated": "I"}


def combo_table() -> str:
    """The Combo Table as text: rows are the target's type, columns the action type.

    >>> combo_table().splitlines()[1].split()[:4]
    ['♥', 'vitality', 'Poison', 'Hire']
    """
    width = 19
    head = "target \\ action".ljust(17) + "".join(f"{TYPE_SYMBOLS[t]} {TYPE_NAMES[t]}".ljust(width) for t in range(4))
    lines = [head.rstrip()]
    for target in range(4):
        cells = []
        for action in range(4):
            n = COMBO[target][action]
            marks = ",".join(TAG_MARKS[t] for t in sorted(TAGS[n], key=list(TAG_MARKS).index))
            cells.append((NAMES[n] + (f" [{marks}]" if marks else "")).ljust(width))
        lines.append((f"{TYPE_SYMBOLS[target]} {TYPE_NAMES[target]}".ljust(17) + "".join(cells)).rstrip())
    lines.append("Caveats: " + ", ".join(f"{m} {t}" for t, m in TAG_MARKS.items()))
    return "\n".join(lines)


NOTATION = f"""\
{RULESET}. Types: H vitality, D wealth, C strength, S finesse. Cards: TH, AS, BJ;
a draw-deck card shows with a prime (TH'). Characters are numbered 0.. (seat 0's first);
columns are lettered a, b, ... from the owner's left; the defense pair is the last one.
A move is {NOTATION_HELP}.
Examples: H>1   S>0 wild   pass   change C   swap   keep   switch bc   guard drawn b

Combo Table (type `combos` at the prompt for what each combo does):
{combo_table()}

Check: action value - target value: 6..12 defeated (the combo happens), 1..5 damaged,
-5..0 missed, -12..-6 critical failure (you lose your reaction; the target may counter).
Winning: {WINNING}."""


class SixteenCombos(Game):
    """The card battle system 16 Combos; see ``../shared/rules/16-combos.txt``."""

    #: 3: fields named as in the rulebook (``position.upgrade``); 2: ``constraints`` hold facts
    #: of any kind about hidden types (``fields.Fact``), not only Available Actions, and
    #: ``outcome`` its ``values``. Versions 1 and 2 still read.
    position_version = 3
    older_positions = (1, 2)

    info = GameInfo(
        name="16-combos",
        title="16 Combos",
        summary=SUMMARY,
        rulebook="16-combos.txt",
        options=(
            Option("players", 2, "players (seats)", kind=int, minimum=2, maximum=4),
            Option("characters", 1, "characters per player (a player's characters are allies)", kind=int,
                   minimum=1, maximum=3),
            Option("teams", False, "two teams, seats alternating (0, 2 against 1, 3); 4 players", kind=bool),
            Option("columns", 10, "pairs per character (One of Each Type deals 4); more than the deal deck "
                   "holds is refused", kind=int, minimum=1, maximum=13),
            Option("placement", "choose", "choose: owners place their value cards (secretly, at once); dealt: "
                   "value cards stay in the order dealt", choices=("choose", "dealt")),
            Option("round_limit", 15, "the game ends after this round: most pairs, then total value, wins",
                   kind=int, minimum=1, maximum=200),
            Option("jokers", True, "G Using Jokers: exactly two jokers, in the draw deck", kind=bool),
            Option("recovery", False, "A Recovery: after a critical failure the target may add the action's "
                   "value card to one of its pairs", kind=bool),
            Option("drop_lowest", False, "C Drop Lowest Dealt: one extra value card each, one dropped",
                   kind=bool),
            Option("order", "cards", "cards: highest order card first each round; round-robin: D Round-robin "
                   "Order", choices=("cards", "round-robin")),
            Option("one_of_each", False, "E One of Each Type (4 pairs, one of each type; Change Stance)",
                   kind=bool),
            Option("multiple_values", False, "F Multiple Values Dealt: the extra value card is stacked",
                   kind=bool),
            Option("consultation", "choose", "choose: the targeted owner picks its defense or Consultation pair "
                   "and discards the other; shield: the Consultation pair takes one action and is discarded",
                   choices=("choose", "shield")),
            Option("ruleset", RULES_VERSION, "the rulebook version played (shown in every record)",
                   choices=(RULES_VERSION,)),
        ),
        notation=NOTATION,
        min_players=2,
        max_players=4,
        chance="two shuffled decks; the draw pile reshuffled from the discards when it runs out",
        information="imperfect (face-down type and value cards, hidden values proven by the referee)",
        simultaneous=True,
        teams=True,
        agents={"heuristic": "comboarena.games.sixteen_combos.heuristic:ComboHeuristic"},
        text_ui="comboarena.games.sixteen_combos.text:ComboText",
        narration="comboarena.games.sixteen_combos.narration:ComboNarration",
        score="pairs in play on the seat's side at the end",
    )

    #: what a card is, for the balance report (comboarena report)
    balance = "comboarena.games.sixteen_combos.balance:SixteenCombosCards"
    #: ISMCTS rollout decisions before it backs up ``State.estimate`` (``ismcts:cutoff``'s default)
    ismcts_cutoff = 20
    #: where a search with that cutoff plays its guide's pick: the estimate counts pairs and
    #: their total value, which no order of placing changes (``docs/agents.md``, "trust")
    ismcts_guided = frozenset({P_PLACE})

    def _setup(self) -> None:
        o = self.options
        n = self.players = o["players"]
        per = o["characters"]
        if o["teams"] and n != 4:
            raise OptionError("teams needs 4 players (two teams: seats 0 and 2 against 1 and 3)")
        if o["drop_lowest"] and o["multiple_values"]:
            raise OptionError(
                "drop_lowest and multiple_values cannot both be on: Multiple Values Dealt is Drop Lowest Dealt's "
                "dealing with the extra card stacked instead of dropped; choose one"
            )
        self.teams = ((0, 2), (1, 3)) if o["teams"] else tuple((s,) for s in range(n))
        self.one_of_each: bool = o["one_of_each"]
        self.columns: int = 4 if self.one_of_each else o["columns"]
        self.n_chars = n * per
        if self.n_chars > MAX_CHARACTERS:
            raise OptionError(f"at most {MAX_CHARACTERS} characters in all")
        extra = 1 if (o["drop_lowest"] or o["multiple_values"]) else 0
        need = self.n_chars * (2 * self.columns + extra)
        if need > DEAL_SIZE:
            most = (DEAL_SIZE // self.n_chars - extra) // 2
            raise OptionError(
                f"{self.n_chars} characters with {self.columns} columns need {need} cards, but the deal deck holds "
                f"{DEAL_SIZE}; use columns={max(most, 0)} or fewer (or fewer characters)"
            )
        self.char_seat: tuple[int, ...] = tuple(c // per for c in range(self.n_chars))
        self.seat_chars: tuple[tuple[int, ...], ...] = tuple(
            tuple(range(s * per, (s + 1) * per)) for s in range(n)
        )
        self.seat_side: tuple[int, ...] = tuple(
            next(i for i, team in enumerate(self.teams) if s in team) for s in range(n)
        )
        self.sides: tuple[tuple[int, ...], ...] = self.teams
        self.char_side: tuple[int, ...] = tuple(self.seat_side[self.char_seat[c]] for c in range(self.n_chars))
        self.enemies: tuple[tuple[int, ...], ...] = tuple(
            tuple(x for x in range(self.n_chars) if self.char_side[x] != self.char_side[c])
            for c in range(self.n_chars)
        )
        self.placement: str = o["placement"]
        self.round_limit: int = o["round_limit"]
        self.jokers: bool = o["jokers"]
        self.recovery: bool = o["recovery"]
        self.drop_lowest: bool = o["drop_lowest"]
        self.multiple_values: bool = o["multiple_values"]
        self.round_robin: bool = o["order"] == "round-robin"
        self.consultation: str = o["consultation"]
        self.winning = WINNING
        #: The draw deck's card ids.
        self.draw_ids = draw_deck(self.jokers)

    def ruleset_line(self) -> str:
        """``16 Combos, Poikilos 1.0 RC1`` with the options in force (for every description of a game)."""
        on = [k for k in ("recovery", "drop_lowest", "one_of_each", "multiple_values") if self.options[k]]
        parts = [
            f"{self.players} players x {self.options['characters']} character(s)",
            f"{self.columns} columns",
            f"placement {self.placement}",
            f"round limit {self.round_limit}",
            "jokers" if self.jokers else "no jokers",
            f"order {self.options['order']}",
            f"consultation {self.consultation}",
        ]
        if self.options["teams"]:
            parts.append("teams 0+2 v 1+3")
        parts += [f"optional {k.replace('_', ' ')}" for k in on]
        return f"{RULESET} — " + ", ".join(parts)

    def new_state(self, seed: int | None = None, deck: Any = None) -> ComboState:
        """A new game. ``deck={"deal": [...], "draw": [...]}`` stacks each pile, top first;
        unlisted cards follow in seeded random order."""
        chance = Chance(seed)
        if deck is None:
            faces = list(range(52))
            chance.deal(faces)
            draw = self.draw_ids[:]
            chance.shuffle(draw)
            return new_state(self, chance, faces, draw, None)
        if not isinstance(deck, dict) or not set(deck) <= {"deal", "draw"}:
            raise OptionError(
                "deck must be an object {'deal': [...], 'draw': [...]} (each top first), "
                "e.g. {'deal': ['TH', '2S'], 'draw': ['KD']}"
            )
        deal_cards = check_deck(deck.get("deal", []), FACES[:52], read=_read, example="['TH', '2S', 'AD']")
        draw_cards = check_deck(
            deck.get("draw", []),
            FACES if self.jokers else FACES[:52],
            read=_read_draw,
            cards_help="a card is rank 2-9, T, J, Q, K, A then suit S, H, D, C"
            + (", or a joker BJ, RJ" if self.jokers else " (no jokers: jokers=false)"),
            example="['KD', 'BJ']",
        )
        deal_faces = [FACE_INDEX[c] for c in deal_cards]
        rest = [f for f in range(52) if f not in set(deal_faces)]
        chance.deal(rest)
        draw_ids = [DRAW0 + FACE_INDEX[c] for c in draw_cards]
        tail = [c for c in self.draw_ids if c not in set(draw_ids)]
        chance.shuffle(tail)
        stacked = {"deal": deal_cards, "draw": draw_cards}
        return new_state(self, chance, deal_faces + rest, draw_ids + tail, stacked)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> ComboState:
        """A state consistent with ``view``: the hidden cards sampled under every public
        constraint (``knowledge.py``), the draw pile shuffled, a fresh chance."""
        return determinize(self, view, seat, rng)

    def _upgrade_position(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """Formats 1 and 2 in format 3 (:func:`.position.upgrade` says what changed)."""
        return upgrade(data, version)

    def _from_position(self, fields: Fields, chance: Chance) -> ComboState:
        state = read_position(self, fields, chance)
        if state.is_over:
            # The outcome follows from the board (and older positions kept less of it).
            refinish(state)
        return state

    def encoder(self) -> ComboEncoder:
        return ComboEncoder(self)

    def catalog(self) -> dict[str, Any]:
        """The Combo Table and the ruleset, for clients."""
        return {
            "ruleset": RULESET,
            "winning": WINNING,
            "types": [{"letter": "HDCS"[t], "name": TYPE_NAMES[t], "symbol": TYPE_SYMBOLS[t]} for t in range(4)],
            "combos": [
                {"name": NAMES[COMBO[t][a]], "target": "HDCS"[t], "action": "HDCS"[a],
                 "tags": sorted(TAGS[COMBO[t][a]]), "text": TEXT[COMBO[t][a]]}
                for t in range(4)
                for a in range(4)
            ],
            "ruleset_line": self.ruleset_line(),
        }


def _read(text: str) -> str:
    card = parse_card(text)
    return card


def _read_draw(text: str) -> str:
    return parse_card(text.rstrip("'"), jokers=True)


__all__ = ["NOTATION", "SUMMARY", "WINNING", "SixteenCombos", "combo_table"]
