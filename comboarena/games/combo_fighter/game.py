"""Combo Fighter as a registered game: options, set-up, stacked decks, notation,
determinization and the card-conservation invariant."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, NamedTuple

from comboarena.core import Action, Chance, Game, GameInfo, InvariantError, Option, OptionError

from .actions import ACTIONS, NOTATION_HELP, parse
from .content import Fighter, fighter_ids, fighters, public_sheets
from .powers import Power, power_of
from .state import NO_WINNER, PHASES, RETRO_STATES, TIE, FighterState

SUMMARY = (
    "A card-driven tribute to one-on-one arcade fighting games. Each round both "
    "fighters play a card face down; the Win Circle (attack > footwork > defense > "
    "attack; Speed and Priority break same-colour clashes) decides who wins the round "
    "and may combo by matching buttons to Combo Boxes. Your deck is your life bar: "
    "damage is taken card by card, and once Staggering the next hit knocks you out. "
    "Best of 3 fights. Modes: versus (1 v 1), solo (against the rulebook's AI), tag (2 v 2). "
    "Fighters: Boris Wolfram, Grace Lee, Junior Aurelus, Lucia IJzer (original content)."
)

NOTATION = f"""\
A move is {NOTATION_HELP}.
Cards are named by the codes on the menu (hf = Hammer Fist). The same code plays a
card face down, continues a combo, discards it for a point of damage, or throws it
away before refilling, depending on the moment. Examples: hf   aside:nd   end   call   deck   rest   done"""

MODES = ("versus", "solo", "tag")
DEFAULT_FIGHTERS = {
    "versus": ("boris", "grace"),
    "solo": ("boris", "grace"),
    "tag": ("boris", "grace", "junior", "lucia"),
}


def _check_fighters(value: tuple[Any, ...]) -> str | None:
    known = fighter_ids()
    for f in value:
        if f not in known:
            return f"{f!r} is not a fighter; the fighters are {', '.join(known)}"
    return None


class Stack(NamedTuple):
    """One fighter's stacked set-up for a fight (card types)."""

    hand: tuple[int, ...] | None
    draw: tuple[int, ...]  # top first
    discard: tuple[int, ...]
    aside: tuple[int, ...] | None
    rest: str  # where the cards not named go: "deck" (shuffled under the stack) or "discard"
    side: int  # the Power Token's side at the start (0: A, as the rulebook sets up; 1: B)


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
            Option(
                "fighters",
                None,
                "fighter per seat, e.g. boris,grace (tag: 4, teams are seats 0+2 and 1+3; solo: yours, then the "
                "AI's); none: boris,grace (tag: boris,grace,junior,lucia)",
                kind=tuple,
                check=_check_fighters,
            ),
            Option("best_of", 3, "fights in a match (best of 3 in the rulebook)", choices=(1, 3, 5)),
        ),
        notation=NOTATION,
        min_players=2,
        max_players=4,
        chance="shuffled decks (and reshuffles when Staggering)",
        information="imperfect (hands, deck order and the face-down cards hidden)",
        simultaneous=True,
        teams=True,
        agents={"heuristic": "comboarena.games.combo_fighter.heuristic:FighterHeuristic"},
        text_ui="comboarena.games.combo_fighter.text:FighterText",
    )

    #: the fighter ids, for tools that run every matchup (``sim --matchups``, tournaments)
    roster: tuple[str, ...] = fighter_ids()

    def _setup(self) -> None:
        mode = self.mode = self.options["mode"]
        ids = self.options["fighters"] or DEFAULT_FIGHTERS[mode]
        want = 4 if mode == "tag" else 2
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
        self.ai = 1 if mode == "solo" else -1
        table = fighters()
        self.fighters: tuple[Fighter, ...] = tuple(table[i] for i in ids)
        self.powers: tuple[Power, ...] = tuple(power_of(f) for f in self.fighters)
        self.acts: tuple[tuple[Action, ...], ...] = tuple(
            tuple(ACTIONS[c.code] for c in f.cards) for f in self.fighters
        )
        self.aside_acts: tuple[tuple[Action, ...], ...] = tuple(
            tuple(ACTIONS[f"aside:{c.code}"] for c in f.cards) for f in self.fighters
        )
        self.counts: tuple[tuple[int, ...], ...] = tuple(tuple(c.copies for c in f.cards) for f in self.fighters)
        self.codes: tuple[tuple[str, ...], ...] = tuple(tuple(c.code for c in f.cards) for f in self.fighters)
        self.picks: tuple[Action, ...] = tuple(ACTIONS[f.id] for f in self.fighters)
        #: the seats that play face down when seats a and b are in the ring (the solo AI does not)
        self.play_seats = [[tuple(s for s in (a, b) if s != self.ai) for b in range(want)] for a in range(want)]

    # -- set-up -------------------------------------------------------------------------

    def new_state(self, seed: int | None = None, deck: Any = None) -> FighterState:
        stacked = None if deck is None else self._check_deck(deck)
        n = self.players
        s = FighterState.__new__(FighterState)
        s.game = self
        s._chance = Chance(seed)
        s._deck = stacked
        s._start = None
        s._log = []
        s._fight = 1
        s._round = 0
        s._wins = [0, 0]
        s._results = []
        s._ring = [self.teams[0][0], self.teams[1][0]]
        s._pick = [-1, -1]
        s._winner = NO_WINNER
        for name in ("_hand", "_draw", "_disc", "_aside", "_play", "_marks", "_drawn"):
            setattr(s, name, [[] for _ in range(n)])
        for name in ("_side", "_dmg", "_choice", "_retro", "_bonus"):
            setattr(s, name, [0] * n)
        for name in ("_stag", "_ko", "_flip"):
            setattr(s, name, [False] * n)
        s._phase = 0
        s._to_act = ()
        s._start_fight([])
        return s

    def stack_for(self, deck: Any, fight: int) -> list[Stack | None] | None:
        """The stacked set-up of each seat for fight ``fight`` (1-based), if any."""
        if deck is None:
            return None
        fights = deck["fights"]
        if fight > len(fights):
            return None
        return [None if e is None else self._stack(s, e) for s, e in enumerate(fights[fight - 1])]

    def _stack(self, seat: int, entry: dict[str, Any]) -> Stack:
        f = self.fighters[seat]
        hand = entry.get("hand")
        aside = entry.get("aside")
        return Stack(
            None if hand is None else tuple(f.types(hand)),
            tuple(f.types(entry.get("draw", []))),
            tuple(f.types(entry.get("discard", []))),
            None if aside is None else tuple(f.types(aside)),
            entry.get("rest", "deck"),
            "AB".index(entry.get("side", "A")),
        )

    def _check_deck(self, deck: Any) -> dict[str, Any]:
        """Validate a stacked deck and return it in its normal (JSON) form.

        ``deck`` is a list with one entry per seat for the first fight, or
        ``{"fights": [[entry per seat], ...]}`` for several fights. An entry is
        ``None`` (shuffled as usual), a list of card codes (the draw order, top
        first; the hand is the Character Sheet's), or a table with any of
        ``hand``, ``draw`` (top first), ``discard``, ``aside`` (replaces the
        Power Token's set-aside cards), ``rest`` (``"deck"``: the cards not
        named are shuffled under ``draw``; ``"discard"``: they start in the
        discard pile, so the deck is exactly ``draw``) and ``side`` (``"B"``: the
        Power Token starts on side B).
        """
        example = "e.g. [['hf', 'cc'], {'hand': ['iw', 'iw', 'pa', 'hf', 'hs'], 'draw': ['lj']}]"
        if isinstance(deck, dict):
            if set(deck) != {"fights"} or not isinstance(deck["fights"], list | tuple) or not deck["fights"]:
                raise OptionError(f"a stacked deck given as a table has one key, 'fights': a list of fights; {example}")
            fights = list(deck["fights"])
        elif isinstance(deck, list | tuple):
            fights = [deck]
        else:
            raise OptionError(f"deck must be a list with one entry per seat, or {{'fights': [...]}}; {example}")
        out = []
        for k, fight in enumerate(fights):
            if not isinstance(fight, list | tuple) or len(fight) != self.players:
                raise OptionError(f"stacked fight {k + 1} must list {self.players} entries, one per seat; {example}")
            out.append([self._check_entry(k, s, e) for s, e in enumerate(fight)])
        return {"fights": out}

    def _check_entry(self, k: int, seat: int, entry: Any) -> dict[str, Any] | None:
        f = self.fighters[seat]
        where = f"stacked deck, fight {k + 1}, seat {seat} ({f.name})"
        if entry is None:
            return None
        if isinstance(entry, list | tuple):
            entry = {"draw": list(entry)}
        if not isinstance(entry, dict):
            raise OptionError(f"{where}: an entry is None, a list of card codes or a table")
        unknown = set(entry) - {"hand", "draw", "discard", "aside", "rest", "side"}
        if unknown:
            keys = "hand, draw, discard, aside, rest, side"
            raise OptionError(f"{where}: unknown key {sorted(unknown)[0]!r}; keys are {keys}")
        out: dict[str, Any] = {}
        used: Counter[str] = Counter()
        for key in ("hand", "draw", "discard", "aside"):
            if key not in entry or (key in ("hand", "aside") and entry[key] is None):
                continue
            codes = entry[key]
            if isinstance(codes, str) or not isinstance(codes, list | tuple):
                raise OptionError(f"{where}: {key} must be a list of card codes")
            clean = []
            for c in codes:
                code = c.strip().lower() if isinstance(c, str) else c
                if code not in f.index:
                    raise OptionError(
                        f"{where}: {key} names {c!r}, not a card of {f.name}; codes: {', '.join(f.index)}"
                    )
                clean.append(code)
            used.update(clean)
            out[key] = clean
        if "hand" in out:
            if seat == self.ai:
                raise OptionError(f"{where}: the solo AI has no hand (it plays the top card of its deck)")
            if not 1 <= len(out["hand"]) <= 7:
                raise OptionError(f"{where}: hand must hold 1 to 7 cards, got {len(out['hand'])}")
        rest = entry.get("rest", "deck")
        if rest not in ("deck", "discard"):
            raise OptionError(f"{where}: rest must be 'deck' or 'discard', got {rest!r}")
        if rest != "deck":
            out["rest"] = rest
        side = entry.get("side", "A")
        if side not in ("A", "B"):
            raise OptionError(f"{where}: side must be 'A' or 'B' (the Power Token's side), got {side!r}")
        if side != "A":
            out["side"] = side
        # Cards the set-up takes anyway: the Character Sheet's hand and the token's set-aside cards.
        power = self.powers[seat]
        if "aside" not in out:
            used.update(f.cards[t].code for t in power.start_aside(seat == self.ai))
        if "hand" not in out and seat != self.ai:
            used.update(f.cards[t].code for t in f.starting_hand)
        have = Counter(f.cards[t].code for t in f.composition)
        for code, count in used.items():
            if count > have[code]:
                raise OptionError(
                    f"{where}: uses {count} x {code!r} ({f.cards[f.index[code]].title}) counting the starting hand "
                    f"and set-aside cards, but the deck has {have[code]}"
                )
        return out

    def catalog(self) -> dict[str, Any]:
        """The fighters at this table as printed: cards by code, Signature Combos, Power Tokens."""
        return public_sheets(self.fighters)

    def parse_action(self, text: str) -> Action:
        return parse(text)

    # -- determinization and the invariant ---------------------------------------------

    def determinize(self, view: dict[str, Any], seat: int | None, rng: random.Random) -> FighterState:
        """Deal what ``seat`` cannot see at random: the other hands and face-down cards,
        every deck's order, and (2 vs 2) the other team's choice of starter."""
        n = self.players
        if view.get("players") != n or len(view.get("fighters", ())) != n:
            raise OptionError(f"view is not of this game ({n} seats)")
        st = FighterState.__new__(FighterState)
        st.game = self
        st._chance = Chance(rng.getrandbits(63), draws=view["shuffles"])
        st._deck = None
        st._start = None
        st._log = []
        st._phase = PHASES.index(view["phase"])
        st._to_act = tuple(view["to_act"])
        st._fight = view["fight"]
        st._round = view["round"]
        st._wins = list(view["wins"])
        st._results = list(view["fights"])
        st._ring = list(view["ring"])
        w = view["winner"]
        st._winner = w if w is not None else (TIE if view["tie"] else NO_WINNER)
        picks = []
        for team, picked in enumerate(view["picked"]):
            if not picked:
                picks.append(-1)
            elif seat is not None and self.team[seat] == team:
                picks.append(next(s for s in self.teams[team] if self.fighters[s].id == view["pick"]))
            else:
                picks.append(rng.choice(self.teams[team]))
        st._pick = picks
        st._hand, st._draw, st._disc, st._aside, st._play, st._marks, st._drawn = [], [], [], [], [], [], []
        st._side, st._dmg, st._choice, st._retro, st._bonus = [], [], [], [], []
        st._stag, st._ko, st._flip = [], [], []
        for s in range(n):
            fv = view["fighters"][s]
            f = self.fighters[s]
            index = f.index
            disc = [index[c] for c in fv["discard"]]
            aside = [index[c] for c in fv["aside"]]
            play = [index[c] for c in fv["play"]]
            unseen = list(self.counts[s])
            seen = disc + aside + play
            if s == seat:
                hand = [index[c] for c in view["hand"]]
                choice = index[view["choice"]] if view["choice"] is not None else -1
                seen += hand
                if choice >= 0:
                    seen.append(choice)
            for t in seen:
                unseen[t] -= 1
            if min(unseen) < 0:
                raise OptionError(f"view shows more cards of {f.name} than the deck holds")
            hidden = [t for t, k in enumerate(unseen) for _ in range(k)]
            rng.shuffle(hidden)
            if s != seat:
                choice = hidden.pop() if fv["chosen"] else -1
                size = fv["hand_size"]
                hand = sorted(hidden[:size])
                del hidden[:size]
            if len(hidden) != fv["deck"]:
                raise OptionError(f"view is inconsistent: {f.name}'s hidden cards do not match hand and deck sizes")
            st._hand.append(hand)
            st._draw.append(hidden)
            st._disc.append(disc)
            st._aside.append(aside)
            st._play.append(play)
            st._marks.append(list(fv["set_aside"]))
            st._drawn.append([index[c] for c in fv["drawn"]])
            st._side.append("AB".index(fv["side"]))
            st._stag.append(fv["staggering"])
            st._dmg.append(fv["damage"])
            st._ko.append(fv["ko"])
            st._choice.append(choice)
            st._retro.append(RETRO_STATES.index(fv["retro"]))
            st._bonus.append(fv["speed_bonus"])
            st._flip.append(fv["flip"])
        return st

    def check_invariants(self, state: Any) -> None:
        """Every card of every fighter is in exactly one place (hand, deck, discard pile,
        set aside, play area or face down); decisions are owed exactly until the end."""
        for s, f in enumerate(self.fighters):
            counts = [0] * len(f.cards)
            for t in state._cards_of(s):
                counts[t] += 1
            if counts != list(self.counts[s]):
                extra = [
                    f"{f.cards[t].code} x{k - f.cards[t].copies:+d}"
                    for t, k in enumerate(counts)
                    if k != f.cards[t].copies
                ]
                raise InvariantError(
                    f"{f.name}'s cards are not conserved (in play vs in the deck list): {', '.join(extra)}"
                )
            if state._dmg[s] < 0 or len(state._hand[s]) > 7:
                raise InvariantError(f"seat {s}: damage {state._dmg[s]}, hand of {len(state._hand[s])}")
            if s == self.ai and state._hand[s]:
                raise InvariantError("the solo AI holds a hand")
        if state.is_over != (state.to_act == ()):
            raise InvariantError(f"phase {state.phase} with to_act {state.to_act}")
        for team, s in enumerate(state._ring):
            if s not in self.teams[team]:
                raise InvariantError(f"seat {s} is in the ring for team {team}")


__all__ = ["ComboFighter", "Stack"]
