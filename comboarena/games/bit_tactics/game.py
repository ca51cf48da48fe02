"""16 Bit Tactics as a registered game: options, parties and foes, seats and
sides, the map, and determinization (nothing is hidden: only the future dice)."""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, ClassVar

from comboarena.core import Action, Chance, Fields, Game, GameInfo, Option, OptionError

from .actions import NOTATION_HELP, parse
from .battle import Rules
from .board import Board, board_of
from .campaign import (
    Campaign,
    RosterUnit,
    find_campaign,
    inline_campaign,
    is_inline,
    roster_build,
    shipped_campaign_names,
)
from .catalog import catalog
from .content import ContentError, pack
from .determinize import sample
from .encoder import TacticsEncoder
from .maps import Map, find_map, shipped_map_names
from .position import read_position, upgrade_position
from .state import TacticsState, new_state
from .units import MAX_LEVEL, Build, BuildError, monster_build, preset_build

SUMMARY = (
    "Grid battles in the style of the 16-bit tactics classics: units with jobs, levels and "
    "abilities move over squares of different height and terrain, face one way (struck from the "
    "front +1 EVA, from behind -1), act in initiative phases by EVA, and attack with dice against "
    "EVA, DEF and 2DEF (or M.Eva, M.Def and 2M.Def) for no, quarter, half or full damage; statuses, "
    "knockback off cliffs, Limit Attacks and Combo status. Modes: party against party (2 players, "
    "or 4 in teams), party against monsters (one or more players together), and campaigns of linked "
    "battles where XP, AP, levels and jobs carry over. Original jobs, gear, monsters and maps."
)

NOTATION = f"""\
Squares as on a chessboard: files a, b, ... from the left, ranks 1, 2, ... from the bottom (a1 bottom left).
A unit's turn is small steps: {NOTATION_HELP}.
Move and one command in either order (option turn=move-first: move before acting), a free turn of
facing at the end of the move, then end. Examples: move c4   fight d5   ja shield-bash d5
magic cinder e6   item tonic b2   guard b3   limit d5   skill lore e4   face n   end
In the terminal: odds (the chances of each attack you can make), units (every unit's numbers)."""

MODES = ("versus", "monsters", "campaign")
DEFAULT_MAP = {"versus": "crossing", "monsters": "keep"}
DEFAULT_PARTY = "balanced"
DEFAULT_FOES = {"versus": "strike", "monsters": "ford-ambush"}


def _check_map(value: str) -> str | None:
    try:
        find_map(value)
    except ContentError as exc:
        return str(exc)
    return None


def _check_campaign(value: str) -> str | None:
    try:
        find_campaign(value)
    except ContentError as exc:
        return str(exc)
    return None


def _check_fighters(value: tuple[Any, ...]) -> str | None:
    jobs = pack().jobs
    if len(value) != 2:
        return "name two jobs: the featured job of each side, e.g. fighters=scout,hexer"
    for j in value:
        if j not in jobs:
            return f"{j!r} is not a job; the jobs are {', '.join(jobs)}"
    return None


class BitTactics(Game):
    """16 Bit Tactics; see ``../shared/rules/16-bit-tactics.txt``."""

    info = GameInfo(
        name="16-bit-tactics",
        title="16 Bit Tactics",
        summary=SUMMARY,
        rulebook="16-bit-tactics.txt",
        options=(
            Option(
                "mode",
                "versus",
                "versus: party against party; monsters: the party against monsters "
                "(the last seat plays them); campaign: linked battles against monsters",
                choices=MODES,
            ),
            Option(
                "players",
                2,
                "versus: 2, or 4 in teams (seats 0+2 against 1+3); monsters and campaign: "
                "2-5, the last seat plays the monsters and the others share the party",
                kind=int,
                minimum=2,
                maximum=5,
            ),
            Option(
                "map",
                None,
                "a shipped map (crossing, keep, cliffside, marsh, chasm) or a map file; "
                "none: crossing (versus), keep (monsters)",
                kind=str,
                check=_check_map,
                names=shipped_map_names,
            ),
            Option(
                "party",
                None,
                "side 1 (seat 0's side): a preset (balanced, strike, wardens, skirmish) or "
                "jobs with levels, e.g. vanguard:3,ranger,mender:4; none: balanced",
                kind=tuple,
            ),
            Option(
                "foes",
                None,
                "side 2: versus, a party as for 'party' (none: strike); monsters, a preset "
                "(ditch-raiders, ford-ambush, crypt, ...) or monster ids (none: ford-ambush)",
                kind=tuple,
            ),
            Option(
                "level",
                3,
                "the level of each character whose level is not given",
                kind=int,
                minimum=1,
                maximum=MAX_LEVEL,
            ),
            Option(
                "fighters",
                None,
                "balance matchups (sim --matchups): two jobs; each side is the core party "
                "(vanguard, mender, ranger) plus one unit of its job",
                kind=tuple,
                check=_check_fighters,
            ),
            Option(
                "campaign",
                "first-march",
                "campaign mode: a shipped campaign or a campaign file",
                kind=str,
                check=_check_campaign,
                names=shipped_campaign_names,
            ),
            Option("rounds", 12, "rounds before the battle is called (see at_limit)", kind=int, minimum=1, maximum=99),
            Option(
                "at_limit",
                "judge",
                "when the rounds run out: judge (the side with the larger share of its HP left wins) or draw",
                choices=("judge", "draw"),
            ),
            Option(
                "turn",
                "either",
                "either: move and act once each in either order; move-first: no moving after acting",
                choices=("either", "move-first"),
            ),
            Option(
                "counters",
                "ability",
                "ability: only units with a counter reaction strike back; always: "
                "every unit damaged by a melee attack strikes back if it can",
                choices=("ability", "always"),
            ),
            Option(
                "ties",
                "reroll",
                "tied rolls (initiative, resisted tests): reroll, or keep (initiative "
                "keeps the unit order; the one resisting wins)",
                choices=("reroll", "keep"),
            ),
            Option(
                "jump_across",
                "lower",
                "jumping across a gap lands lower (the rulebook's words) or also level",
                choices=("lower", "level"),
            ),
            Option(
                "melee_height", 2, "how many HT above or below a melee attack reaches", kind=int, minimum=0, maximum=9
            ),
            Option(
                "unit_height", 1, "how many HT a unit stands tall for Line of Effect", kind=int, minimum=0, maximum=4
            ),
            Option(
                "crits",
                "bands",
                "bands: a crit doubles DMG, the roll still reads the bands; hit: a crit "
                "always deals full (doubled) damage",
                choices=("bands", "hit"),
            ),
            Option(
                "xp_table",
                "table",
                "table: level 2 at 10 XP as the table says; text: at 25 XP as the text says",
                choices=("table", "text"),
            ),
        ),
        notation=NOTATION,
        min_players=2,
        max_players=5,
        chance="dice (forced for scenarios with state.chance.force)",
        information="perfect (only the future dice are unknown)",
        simultaneous=False,
        teams=True,
        agents={"heuristic": "comboarena.games.bit_tactics.heuristic:TacticsHeuristic"},
        text_ui="comboarena.games.bit_tactics.text:TacticsText",
        narration="comboarena.games.bit_tactics.narration:TacticsNarration",
        score="1 for a battle won, else 0",
    )

    #: Format 2 renamed format 1's ``battle`` (the battle's index) ``battle_index``.
    position_version: ClassVar[int] = 2
    older_positions: ClassVar[tuple[int, ...]] = (1,)

    #: the jobs, for balance matchups (``sim --matchups``: option ``fighters`` names two)
    roster: tuple[str, ...] = tuple(pack().jobs)

    #: what a card is, for the balance report (comboarena report)
    balance = "comboarena.games.bit_tactics.balance:TacticsAbilities"
    #: ISMCTS rollout decisions before it backs up ``State.estimate`` (``ismcts:cutoff``'s default)
    ismcts_cutoff = 20

    def _setup(self) -> None:
        o = self.options
        mode = self.mode = o["mode"]
        n = self.players = o["players"]
        if o["fighters"] is not None and mode != "versus":
            raise OptionError("fighters= (balance matchups) is for mode=versus")
        if mode == "versus":
            if n not in (2, 4):
                raise OptionError(f"versus is for 2 players, or 4 in two teams; got players={n}")
            self.teams = ((0,), (1,)) if n == 2 else ((0, 2), (1, 3))
        else:
            self.teams = (tuple(range(n - 1)), (n - 1,))
        self.rules = Rules(
            counters_always=o["counters"] == "always",
            crits_hit=o["crits"] == "hit",
            ties_reroll=o["ties"] == "reroll",
            across_level=o["jump_across"] == "level",
            melee_height=o["melee_height"],
            unit_height=o["unit_height"],
            move_first=o["turn"] == "move-first",
        )
        self.rounds: int = o["rounds"]
        self.judge: bool = o["at_limit"] == "judge"
        self.xp_table: str = o["xp_table"]
        self.campaign: Campaign | None = None
        #: Where the campaign was read from: a file's path; its id when shipped or carried inline.
        self.campaign_from = ""
        try:
            if mode == "campaign":
                if o["map"] is not None or o["party"] is not None or o["foes"] is not None:
                    raise OptionError("a campaign names its own maps, party and foes (leave map, party, foes unset)")
                self.campaign = find_campaign(o["campaign"])
                self.campaign_from = self.campaign.id if is_inline(o["campaign"]) else o["campaign"]
                if o["campaign"] not in shipped_campaign_names():
                    # A file can change or go: the record carries the campaign itself.
                    o["campaign"] = inline_campaign(self.campaign)
                if self.campaign.xp_table != self.xp_table and self.campaign.xp_table != "table":
                    self.xp_table = self.campaign.xp_table
                if self.campaign.next > len(self.campaign.battles):
                    raise OptionError(
                        f"campaign {self.campaign_from!r} is finished (all {len(self.campaign.battles)} "
                        "battles won); nothing is left to play"
                    )
                self.maps = tuple(find_map(b.map) for b in self.campaign.battles)
                self._sides: tuple[tuple[Build, ...], tuple[Build, ...]] = ((), ())
            else:
                self.maps = (find_map(o["map"] or DEFAULT_MAP[mode]),)
                self._sides = (self._party(o["party"], o["fighters"], 0), self._foes(o["foes"], o["fighters"]))
                self._check_deploy(self.maps[0], self._sides)
        except BuildError as exc:
            raise OptionError(str(exc)) from None
        self.boards: tuple[Board, ...] = tuple(board_of(m) for m in self.maps)

    # -- parties ------------------------------------------------------------------------

    def _party(self, spec: tuple[Any, ...] | None, fighters: tuple[Any, ...] | None, side: int) -> tuple[Build, ...]:
        p = pack()
        if fighters is not None:
            jobs = [*p.core, fighters[side]]
            return tuple(preset_build(j, self.options["level"]) for j in jobs)
        entries = list(spec) if spec else [DEFAULT_PARTY if side == 0 else DEFAULT_FOES["versus"]]
        if len(entries) == 1 and str(entries[0]) in p.parties:
            entries = list(p.parties[str(entries[0])])
        builds = []
        for e in entries:
            job, _, lv = str(e).partition(":")
            level = self.options["level"]
            if lv:
                if not lv.isdigit() or not 1 <= int(lv) <= MAX_LEVEL:
                    raise OptionError(f"{e!r}: the level after ':' must be 1 to {MAX_LEVEL}")
                level = int(lv)
            if job not in p.jobs:
                presets = ", ".join(p.parties)
                raise OptionError(f"{job!r} is not a job ({', '.join(p.jobs)}) or a party preset ({presets})")
            builds.append(preset_build(job, level))
        if not 1 <= len(builds) <= 6:
            raise OptionError(f"a party has 1 to 6 units, got {len(builds)}")
        return tuple(builds)

    def _foes(self, spec: tuple[Any, ...] | None, fighters: tuple[Any, ...] | None) -> tuple[Build, ...]:
        p = pack()
        if self.mode == "versus":
            return self._party(spec, fighters, 1)
        entries = list(spec) if spec else [DEFAULT_FOES["monsters"]]
        if len(entries) == 1 and str(entries[0]) in p.foes:
            entries = list(p.foes[str(entries[0])])
        for e in entries:
            if str(e) not in p.monsters:
                raise OptionError(
                    f"{e!r} is not a monster ({', '.join(p.monsters)}) or a foes preset ({', '.join(p.foes)})"
                )
        if not 1 <= len(entries) <= 8:
            raise OptionError(f"between 1 and 8 monsters, got {len(entries)}")
        return tuple(monster_build(str(e)) for e in entries)

    def _check_deploy(self, m: Map, sides: tuple[tuple[Build, ...], ...]) -> None:
        for s, builds in enumerate(sides):
            if len(builds) > len(m.deploy[s]):
                raise OptionError(
                    f"map {m.id!r} has {len(m.deploy[s])} starting squares for side {s + 1}, "
                    f"but it fields {len(builds)} units"
                )

    def battle_sides(self, index: int, roster: tuple[RosterUnit, ...]) -> tuple[tuple[Build, ...], tuple[Build, ...]]:
        """The units of each side in battle ``index`` (a campaign's from its roster)."""
        if self.campaign is None:
            return self._sides[0], self._sides[1]
        foes = tuple(monster_build(f) for f in self.campaign.battles[index].foes)
        return tuple(roster_build(r) for r in roster), foes

    def seat_of(self, side: int, i: int) -> int:
        """The seat that plays the ``i``-th unit of ``side``."""
        n = self.players
        if self.mode == "versus":
            return side if n == 2 else side + 2 * (i % 2)
        return n - 1 if side == 1 else i % (n - 1)

    def unit_names(self, builds: tuple[Build, ...]) -> list[str]:
        """Display names, numbered where a side fields two of a kind (``Goblin 2``)."""
        names = [b.name for b in builds]
        out = []
        for i, nm in enumerate(names):
            same = [j for j, x in enumerate(names) if x == nm]
            out.append(nm if len(same) == 1 else f"{nm} {same.index(i) + 1}")
        return out

    # -- protocol ----------------------------------------------------------------------

    def new_state(self, seed: int | None = None, deck: Any = None) -> TacticsState:
        if deck is not None:
            raise OptionError("16 Bit Tactics has no deck to stack; force dice with state.chance.force(...)")
        return new_state(self, Chance(seed))

    def parse_action(self, text: str) -> Action:
        return parse(text)

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> TacticsState:
        """Nothing is hidden: the state the view shows, with a fresh generator for the dice."""
        return sample(self, view, Chance(rng.getrandbits(63)))

    def _from_position(self, fields: Fields, chance: Chance) -> TacticsState:
        return read_position(self, fields, chance)

    def _upgrade_position(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        return upgrade_position(data, version)

    @cached_property
    def _encoder(self) -> TacticsEncoder:
        return TacticsEncoder(self)

    def encoder(self) -> TacticsEncoder:
        return self._encoder

    def catalog(self) -> dict[str, Any]:
        return catalog(self)


__all__ = ["BitTactics"]
