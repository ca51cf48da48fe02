"""Combo Fighter as a registered game: options, set-up, notation, determinization,
positions and the encoder."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from comboarena.core import Action, Chance, Fields, Game, GameInfo, Option, OptionError, Window
from comboarena.core.zones import deal_hidden, unseen

from . import tournament
from .actions import action_table, notation_help, parse
from .content import Fighter, fighter_ids, fighters
from .encoder import FighterEncoder
from .fields import NO_CARD, NO_WINNER, SEAT, TIE, FighterSeat
from .position import read_position
from .powers import Power, power_of
from .sheets import public_sheets
from .solo import AI, Solo
from .stacks import Stack, check_deck, stack_for
from .state import FighterState, build, new_state, view_templates
from .tag import Tag
from .versus import Handler, Versus
from .view import RETRO_STATES, SIDES, Phase

SUMMARY = (
    "A card-driven tribute to one-on-one arcade fighting games. Each round both "
    "fighters play a card face down; the Win Circle (attack > footwork > defense > "
    "attack; Speed and Priority break same-colour clashes) decides who wins the round "
    "and may combo by matching buttons to Combo Boxes. Your deck is your life bar: "
    "damage is taken card by card, discarding your last card knocks you out, and once "
    "Staggering the next hit does. Best of 3 fights. Modes: versus (1 v 1), solo "
    "(against the rulebook's AI), tag (2 v 2). The fighters are original content, one "
    "file each (comboarena rules combo-fighter --fighter ID shows a Character Sheet)."
)

NOTATION = """\
A move is {help}.
Cards are named by the codes on the menu (hf = Hammer Fist). The same code plays a
card face down, continues a combo, discards it for a point of damage, or throws it
away before refilling, depending on the moment. Examples: hf   aside:nd   end   call   deck   rest   done"""

MODES = ("versus", "solo", "tag")
#: What each mode changes of the rules (``game.mode_rules``).
MODE_RULES: dict[str, Versus] = {"versus": Versus(), "solo": Solo(), "tag": Tag()}
SEATS = {"versus": 2, "solo": 2, "tag": 4}


def _check_fighters(value: tuple[Any, ...]) -> str | None:
    known = fighter_ids()
    for f in value:
        if f not in known:
            return f"{f!r} is not a fighter; the fighters are {', '.join(known)}"
    return None


@dataclass(frozen=True)
class FightersOption(Option):
    """The ``fighters`` option: a list of fighter ids, or the same as text (``"boris,grace"``),
    as on the command line."""

    def validate(self, value: Any) -> Any:
        if isinstance(value, str):
            value = tuple(p.strip().lower() for p in value.split(",") if p.strip())
        return super().validate(value)


class ComboFighter(Game):
    """Combo Fighter; see ``../shared/rules/combo-fighter.txt``."""

    info = GameInfo(
        name="combo-fighter",
        title="Combo Fighter",
        summary=SUMMARY,
        rulebook="combo-fighter.txt",
        options=(
            Option(
                "mode",
                "versus",
                "versus: 1 v 1; solo: against the rulebook's solo AI (seat 1); tag: 2 v 2",
                choices=MODES,
            ),
            FightersOption(
                "fighters",
                None,
                "fighter per seat, e.g. boris,grace (tag: 4, teams are seats 0+2 and 1+3; solo: yours, then the "
                f"AI's); none: the first of the roster: {', '.join(fighter_ids())}",
                kind=tuple,
                check=_check_fighters,
            ),
            Option("best_of", 3, "fights in a match (best of 3 in the rulebook)", choices=(1, 3, 5)),
        ),
        notation=NOTATION.format(help=notation_help()),
        min_players=2,
        max_players=4,
        chance="shuffled decks (and reshuffles when Staggering)",
        information="imperfect (hands, deck order and the face-down cards hidden)",
        simultaneous=True,
        teams=True,
        agents={
            "heuristic": "comboarena.games.combo_fighter.heuristic:FighterHeuristic",
            "learned": "comboarena.games.combo_fighter.learned:Learned",
        },
        text_ui="comboarena.games.combo_fighter.text:FighterText",
        narration="comboarena.games.combo_fighter.narration:FighterNarration",
        score="fights won by the seat's team",
    )

    #: what a card is, for the balance report (comboarena report)
    balance = "comboarena.games.combo_fighter.balance:FighterCards"
    #: ISMCTS rollout decisions before it backs up ``State.estimate`` (``ismcts:cutoff``'s default)
    ismcts_cutoff = 20

    def _setup(self) -> None:
        mode = self.mode = self.options["mode"]
        want = SEATS[mode]
        roster = fighter_ids()
        ids = self.options["fighters"] or roster[:want]
        if len(ids) != want:
            raise OptionError(
                f"mode {mode} takes {want} fighters (option fighters), got {len(ids)}: {', '.join(map(str, ids))}"
            )
        if mode == "tag" and len(set(ids)) != 4:
            raise OptionError("2 vs 2 uses four different fighters (there is one deck of each)")
        self.options["fighters"] = tuple(ids)
        self.best_of: int = self.options["best_of"]
        self.players = want
        self.teams = ((0, 2), (1, 3)) if mode == "tag" else ((0,), (1,))
        self.team: tuple[int, ...] = tuple(0 if s in self.teams[0] else 1 for s in range(want))
        #: the seat the rulebook's solo AI plays (-1: none)
        self.ai = AI if mode == "solo" else -1
        #: seats the rules play themselves (never in ``to_act``): simulations seat no agent there
        self.rules_seats: tuple[int, ...] = (AI,) if mode == "solo" else ()
        #: what this table's mode changes of the rules
        self.mode_rules = MODE_RULES[mode]
        #: phase -> the rule that reads a seat's action in it
        self.handlers: dict[Phase, Handler] = self.mode_rules.handlers
        table = fighters()
        self.fighters: tuple[Fighter, ...] = tuple(table[i] for i in ids)
        self.powers: tuple[Power, ...] = tuple(power_of(f) for f in self.fighters)
        acts = action_table()
        self.acts: tuple[tuple[Action, ...], ...] = tuple(tuple(acts[c.code] for c in f.cards) for f in self.fighters)
        self.aside_acts: tuple[tuple[Action, ...], ...] = tuple(
            tuple(acts[f"aside:{c.code}"] for c in f.cards) for f in self.fighters
        )
        self.counts: tuple[tuple[int, ...], ...] = tuple(tuple(c.copies for c in f.cards) for f in self.fighters)
        self.codes: tuple[tuple[str, ...], ...] = tuple(tuple(c.code for c in f.cards) for f in self.fighters)
        #: per seat and token side, X's base and its growth per card set aside (``Power.x``)
        self.x_terms: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((side.x_base, side.x_per_aside) for side in p.sides) for p in self.powers
        )
        self.decks: tuple[Counter[str], ...] = tuple(
            Counter({c.code: c.copies for c in f.cards}) for f in self.fighters
        )
        self.picks: tuple[Action, ...] = tuple(acts[f.id] for f in self.fighters)
        #: what a view copies, per seat (its fighter's part, its own) and a spectator's (``view_templates``)
        self.view_parts, self.seat_views, self.spectator_view = view_templates(self)
        #: the face-down window when seats a and b are in the ring (the solo AI plays no card face down)
        self.play_windows = [
            [Window.open(tuple(s for s in (a, b) if s not in self.rules_seats)) for b in range(want)]
            for a in range(want)
        ]

    @property
    def roster(self) -> tuple[str, ...]:
        """Every fighter id, for tools that run every matchup (``sim --matchups``, tournaments)."""
        return fighter_ids()

    # -- set-up -------------------------------------------------------------------------

    def new_state(self, seed: int | None = None, deck: Any = None) -> FighterState:
        stacked = None if deck is None else check_deck(self, deck)
        return new_state(self, Chance(seed), stacked)

    def stack_for(self, deck: dict[str, Any] | None, fight: int) -> list[Stack | None] | None:
        """The stacked set-up of each seat for fight ``fight`` (1-based), if any."""
        return stack_for(self, deck, fight)

    def catalog(self) -> dict[str, Any]:
        """The fighters at this table as printed: Character Sheets (cards by code, deck list,
        starting hand, Signature Combos), Power Tokens (both sides) and solo rules."""
        return public_sheets(self.fighters)

    def tournament_rules(self) -> ModuleType:
        """The rulebook's tournament rules (double elimination, two characters, picks)."""
        return tournament

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def encoder(self) -> FighterEncoder:
        return FighterEncoder(self)

    def _from_position(self, fields: Fields, chance: Chance) -> FighterState:
        return read_position(self, fields, chance)

    # -- determinization -----------------------------------------------------------------

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> FighterState:
        """Deal what ``seat`` cannot see at random: the other hands and face-down cards,
        every deck's order, and (2 vs 2) the other team's choice of starter."""
        n = self.players
        if view.get("players") != n or len(view.get("fighters", ())) != n:
            raise OptionError(f"view is not of this game ({n} seats)")
        picks: list[str | None] = []
        for team, picked in enumerate(view["picked"]):
            if not picked:
                picks.append(None)
            elif seat is not None and self.team[seat] == team:
                picks.append(view["pick"])
            else:
                picks.append(self.fighters[rng.choice(self.teams[team])].id)
        seats = []
        for s in range(n):
            fv = view["fighters"][s]
            f = self.fighters[s]
            key = f.index.__getitem__
            seen = fv["discard"] + fv["aside"] + fv["play"]
            if s == seat:
                hand, choice = view["hand"], view["choice"]
                seen = seen + hand + ([choice] if choice is not None else [])
                _, deck = deal_hidden(unseen(self.decks[s], seen, key=key), [], rng)
            else:
                sizes = [fv["hand_size"], 1 if fv["chosen"] else 0]
                (hand, down), deck = deal_hidden(unseen(self.decks[s], seen, key=key), sizes, rng, key=key)
                choice = down[0] if down else None
            if len(deck) != fv["deck"]:
                raise OptionError(f"view is inconsistent: {f.name}'s hidden cards do not match hand and deck sizes")
            values = {
                "hand": f.types(hand),
                "deck": f.types(deck),
                "discard": f.types(fv["discard"]),
                "aside": f.types(fv["aside"]),
                "play": f.types(fv["play"]),
                "set_aside": list(fv["set_aside"]),
                "drawn": f.types(fv["drawn"]),
                "face_down": NO_CARD if choice is None else f.index[choice],
                "side": SIDES.index(fv["side"]),
                "staggering": fv["staggering"],
                "damage": fv["damage"],
                "ko": fv["ko"],
                "retro": RETRO_STATES.index(fv["retro"]),  # type: ignore[arg-type]
                "speed_bonus": fv["speed_bonus"],
                "flip": fv["flip"],
            }
            seats.append(SEAT.build(FighterSeat, f, values))
        w = view["winner"]
        return build(
            self,
            Chance(rng.getrandbits(63), draws=view["shuffles"]),
            phase=Phase(view["phase"]),
            window=Window(tuple(view["to_act"]), tuple(view["to_act"])),
            fight=view["fight"],
            round=view["round"],
            wins=view["wins"],
            fights=view["fights"],
            ring=view["ring"],
            picks=picks,
            round_winner=w if w is not None else (TIE if view["tie"] else NO_WINNER),
            stacked=None,
            fighters=seats,
        )


__all__ = ["MODES", "ComboFighter", "FightersOption", "Stack"]
