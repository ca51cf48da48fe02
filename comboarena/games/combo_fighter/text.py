"""Combo Fighter in the terminal: both fighters' life bars, the round's reveal and
combo, what is being decided, your hand with every card's numbers, and a line in
words for each thing that happens (reveal, Win Circle, combo, damage, Staggering,
knock-outs)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from comboarena.core import Action, Event
from comboarena.terminal.textui import MenuItem, TextUI

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, STAY, TAG, AsideAction, CardAction, Pick
from .content import ATTACK, KINDS, SYMBOLS, Card, Fighter
from .game import ComboFighter
from .rules import card_damage, signature_damage, signature_for

STYLE = ("bold red", "bold bright_blue", "bold yellow")
KIND_SHORT = ("atk", "def", "ftw")
HOW = {"opening": "Opening Damage", "combo": "combo", "signature": "Signature Combo", "solo": "combo + unplayed cards"}


def card_line(card: Card, x: int | None = None) -> Text:
    """``Hammer Fist  attack ▲  Speed 4  3/2  box ■`` in the card's colour."""
    t = Text(card.title, style=STYLE[card.kind])
    t.append(f"  {KINDS[card.kind]} {SYMBOLS[card.button]}", style=STYLE[card.kind])
    if card.kind == ATTACK:
        t.append(f"  Speed {card.speed}")
    elif card.priority:
        t.append("  ★ Priority")
    combo = str(card.combo) + (f" (={card.combo.value(x)})" if card.combo.x and x is not None else "")
    t.append(f"  dmg {card.opening}/{combo}")
    t.append("  box " + ("".join(SYMBOLS[b] for b in card.box_buttons) or "—"), style="dim")
    return t


def _third(verb: str) -> str:
    """The third person of a verb: ``play`` -> ``plays``, ``catch`` -> ``catches``, ``are`` -> ``is``."""
    if verb == "are":
        return "is"
    return verb + ("es" if verb.endswith(("ch", "sh", "s")) else "s")


def short(card: Card) -> str:
    """``Hammer Fist (atk ▲ Spd 4)``: a card in a narration line."""
    what = f"{KIND_SHORT[card.kind]} {SYMBOLS[card.button]}"
    if card.kind == ATTACK:
        what += f" Spd {card.speed}"
    elif card.priority:
        what += " ★"
    return f"{card.title} ({what})"


class FighterText(TextUI):
    def __init__(self, game: ComboFighter) -> None:
        super().__init__(game)
        self.cf = game
        #: the view last rendered: the menu that follows is for its seat
        self._view: dict[str, Any] | None = None

    def _fighter(self, seat: int) -> Fighter:
        return self.cf.fighters[seat]

    def _card(self, seat: int, code: str) -> Card:
        f = self._fighter(seat)
        return f.cards[f.index[code]]

    # -- the table --------------------------------------------------------------------

    def _names(self, names: Sequence[str]) -> list[str]:
        """Seat names, the solo AI's by its fighter (whatever agent the table seated there)."""
        out = list(names)
        if self.cf.ai >= 0:
            out[self.cf.ai] = f"AI {self._fighter(self.cf.ai).name.split()[0]}"
        return out

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        self._view = view
        names = self._names(names)
        g = self.game
        seat = view["seat"]
        head = Text(f"Combo Fighter · {view['mode']} · fight {view['fight']} (best of {view['best_of']})", style="bold")
        head.append(f" · round {view['round']} · fights won: ")
        teams = g.teams
        head.append(
            " – ".join(f"{' + '.join(names[s] for s in team)} {view['wins'][i]}" for i, team in enumerate(teams))
        )
        table = Table(box=None, padding=(0, 2), show_header=True, header_style="bold")
        for col in ("", "life (hand+deck)", "discard", "Power Token", "this round"):
            table.add_column(col)
        ring = view["ring"]
        for s in range(view["players"]):
            fv = view["fighters"][s]
            f = self._fighter(s)
            name = Text(f"{names[s]}: {f.name}", style="bold" if s in ring else "dim")
            if s not in ring:
                name.append(" (out of the ring)", style="dim")
            life = Text(f"{fv['hand_size']}+{fv['deck']} = {fv['hand_size'] + fv['deck']}")
            if fv["staggering"]:
                life.append("  STAGGERING", style="bold reverse red")
            if fv["ko"]:
                life.append("  K.O.", style="bold reverse red")
            side = 0 if fv["side"] == "A" else 1
            token = Text(f"{fv['side']}: {f.token.sides[side].name}")
            if any(c.combo.x for c in f.cards):
                token.append(f" (X={fv['x']})")
            if fv["aside"]:
                token.append(" · aside: " + ", ".join(self._card(s, c).title for c in fv["aside"]), style="dim")
            table.add_row(name, life, str(len(fv["discard"])), token, self._round_text(view, s))
        if view["phase"] in ("damage", "discard", "breath", "tag"):
            # Mid-round decisions come several in a row: a short reminder, not the whole table.
            lines = Text()
            for s in ring:
                fv = view["fighters"][s]
                lines.append(f"{names[s]}: life {fv['hand_size'] + fv['deck']}", style="bold")
                if fv["staggering"]:
                    lines.append(" STAGGERING", style="bold red")
                lines.append("   ")
            parts: list[RenderableType] = [lines]
        else:
            parts = [head, table]
        status = self._status(view, names)
        if status:
            parts.append(Text(status, style="bold cyan"))
        if seat is not None and view.get("hand") is not None and view["players"] > seat:
            x = view["fighters"][seat]["x"]
            hand = Table(box=None, padding=(0, 1), show_header=False)
            hand.add_column(style="bold")
            hand.add_column()
            for code in view["hand"]:
                hand.add_row(code, card_line(self._card(seat, code), x))
            if view.get("choice"):
                hand.add_row("(down)", card_line(self._card(seat, view["choice"]), x))
            label = "Your hand" if view["hand"] else "Your hand is empty"
            parts.append(Text(label, style="bold"))
            parts.append(hand)
        return Group(*parts)

    def _round_text(self, view: dict[str, Any], s: int) -> Text:
        fv = view["fighters"][s]
        if fv["chosen"]:
            return Text("card face down", style="italic")
        if not fv["play"]:
            return Text("")
        out = Text()
        for i, code in enumerate(fv["play"]):
            card = self._card(s, code)
            if i:
                out.append(" → ")
            out.append(card.title + (" (aside)" if i in fv["set_aside"] else ""), style=STYLE[card.kind])
        if fv["speed_bonus"]:
            out.append(f"  +{fv['speed_bonus']} Speed")
        return out

    def _status(self, view: dict[str, Any], names: Sequence[str]) -> str:
        """What is being decided now, in words."""
        phase = view["phase"]
        seat = view["seat"]
        to_act = view["to_act"]
        if seat is None or seat not in to_act:
            return "" if phase == "over" else f"waiting for {', '.join(names[s] for s in to_act)}"
        fv = view["fighters"][seat]
        if phase == "play":
            return "Play a card face down (its code). Attack > footwork > defense > attack."
        if phase == "retro":
            return "Your attack lost or tied: use your retroactive power (power) or not (pass)?"
        if phase == "combo":
            last = self._card(seat, fv["play"][-1])
            box = "".join(SYMBOLS[b] for b in last.box_buttons) or "empty"
            now = self._combo_damage(view)
            return f"You won the round! Combo: next card's button in {box}, or end ({now} damage so far)."
        if phase == "damage":
            return f"Take damage: {fv['damage']} to go. Discard a card from your hand (its code) or from your deck."
        if phase == "discard":
            return "End of the round: throw away cards before refilling (their codes), or done."
        if phase == "breath":
            return "Your teammate won the round: shuffle a card from your discard pile back into your deck?"
        if phase == "tag":
            return "You won the round: tag out (tag) or stay in the ring (stay)?"
        if phase == "pick":
            return "Which fighter of your team starts this fight in the ring?"
        return ""

    def _combo_damage(self, view: dict[str, Any]) -> int:
        seat = view["seat"]
        f = self._fighter(seat)
        fv = view["fighters"][seat]
        return card_damage(f, tuple(f.index[c] for c in fv["play"]), fv["set_aside"], fv["x"])

    # -- events -----------------------------------------------------------------------

    def describe(self, event: Event, viewer: int | None, names: Sequence[str]) -> str | None:
        d = event.data
        names = self._names(names)
        s = event.seat if event.seat is not None else -1
        who = names[s] if s >= 0 else ""

        def say(verb: str) -> str:
            """``You play`` / ``Grace plays``."""
            return f"{who} {verb if who == 'You' else _third(verb)}"

        whose = "Your" if who == "You" else f"{who}'s"

        def title(code: str) -> str:
            return self._card(s, code).title

        kind = event.kind
        if kind == "choose":
            return say("play") + (f" {title(d['card'])}" if "card" in d else " a card") + " face down."
        if kind == "reveal":
            a, b = d["seats"]
            ca, cb = self._card(a, d["cards"][0]), self._card(b, d["cards"][1])
            if d["winner"] is None:
                verdict = f"a tie ({d['why']}): both deal Opening Damage, nobody combos"
            else:
                w = names[d["winner"]]
                verdict = f"{w} {'win' if w == 'You' else 'wins'} the round ({d['why']})"
            return f"Round {d['round']}: {names[a]} {short(ca)} vs {names[b]} {short(cb)} → {verdict}."
        if kind == "power":
            paid = f", discarding {', '.join(map(title, d['paid']))} from the deck" if d["paid"] else ""
            return f"{say('use')} {d['power']}: +{d['speed']} Speed{paid}."
        if kind == "outcome":
            if d["winner"] is None:
                return f"The round is now a tie ({d['why']})."
            return f"The round now goes to {names[d['winner']]} ({d['why']})."
        if kind == "combo":
            where = (
                " and sets it aside"
                if d.get("aside")
                else (" from beside the Power Token" if d.get("from_aside") else "")
            )
            return f"  combo: {say('add')} {short(self._card(s, d['card']))}{where}."
        if kind == "signature":
            return f"{say('call')} {d['name']}! ({d['version']} version: {d['damage']} damage)"
        if kind == "damage":
            how = HOW.get(d["how"], d["how"])
            return f"{say('deal')} {d['amount']} damage to {names[d['to']]} ({how})."
        if kind == "take":
            left = f" ({d['left']} to go)" if d.get("left") else ""
            return f"{say('discard')} {', '.join(map(title, d['cards']))} from the {d['from']}{left}."
        if kind == "stagger":
            again = " again" if d["again"] else ""
            deck = f"The discard pile becomes a new deck of {d['deck']}"
            return f"{say('are')} Staggering{again}! {deck}; the next damage knocks out."
        if kind == "ko":
            return f"K.O.! {say('are')} knocked out ({d['why']})."
        if kind == "discard":
            return f"{say('throw')} away {title(d['card'])}."
        if kind == "refill":
            if "cards" in d:
                return f"{say('draw')} {', '.join(map(title, d['cards']))}."
            return f"{say('draw')} {d['count']} card{'s' if d['count'] > 1 else ''}."
        if kind == "flip":
            return f"{whose} Power Token flips to side {d['side']}: {d['power']}."
        if kind == "fight":
            return f"— Fight {d['fight']} — fights won so far: {' – '.join(map(str, d['wins']))}"
        if kind == "fight_over":
            if d["winner"] < 0:
                return f"Fight {d['fight']} is drawn (double K.O.)."
            team = " + ".join(names[t] for t in self.game.teams[d["winner"]])
            return f"Fight {d['fight']} goes to {team} ({' – '.join(map(str, d['wins']))})."
        if kind == "ai_draw":
            return f"{say('draw')} {', '.join(map(title, d['cards'])) or 'nothing'}."
        if kind == "ai_combo":
            unplayed = len(d["unplayed"])
            extra = f", +{unplayed} for the unplayed card{'s' if unplayed != 1 else ''}" if unplayed else ""
            return f"{say('combo')}: {' → '.join(map(title, d['cards']))}, {d['damage']} damage{extra}."
        if kind == "breath":
            return f"{say('catch')} a breath: {title(d['card'])} goes back into the deck."
        if kind == "tag":
            return f"{say('tag')} out; {names[d['partner']]} enters the ring."
        if kind == "pick":
            return (
                f"{whose} team sends {d['fighter']} into the ring." if "fighter" in d else f"{whose} team has chosen."
            )
        if kind == "ring":
            return "In the ring: " + " vs ".join(f"{names[x]} ({self._fighter(x).name})" for x in d["seats"]) + "."
        return None

    # -- the move menu ----------------------------------------------------------------

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        view = self._view
        seat = view["seat"] if view is not None else None
        items = []
        for a in legal:
            items.append(MenuItem(self._label(a, view, seat), [a]))
        return items

    def _label(self, a: Action, view: dict[str, Any] | None, seat: int | None) -> str:
        if isinstance(a, CardAction | AsideAction) and seat is not None:
            f = self._fighter(seat)
            card = f.cards[f.index[a.code]]
            return f"{a} {short(card)}" + (" — set aside" if isinstance(a, AsideAction) else "")
        if isinstance(a, Pick):
            return f"{a} (send {a.fighter} in)"
        if view is not None and seat is not None and a in (END, CALL):
            f = self._fighter(seat)
            fv = view["fighters"][seat]
            played = tuple(f.index[c] for c in fv["play"])
            side = 0 if fv["side"] == "A" else 1
            if a == CALL:
                hit = signature_for(f, played, side)
                if hit is not None:
                    name = f.signatures[hit[0]].name
                    return f"call {name} ({signature_damage(f, hit[0], hit[1], fv['x'])} damage)"
            return f"end ({card_damage(f, played, fv['set_aside'], fv['x'])} damage)"
        if a == POWER and view is not None and seat is not None:
            up = self._fighter(seat).token.sides[0 if view["fighters"][seat]["side"] == "A" else 1]
            if up.retro is not None:
                cost = f", discard the top {up.retro.cost} card(s) of your deck" if up.retro.cost else ""
                return f"power ({up.name}: +{up.retro.speed} Speed{cost})"
        words: dict[Action, str] = {
            DECK: "deck (top card of your deck)",
            REST: "rest (all the rest from your deck)",
            DONE: "done (refill your hand)",
            POWER: "power (use it)",
            PASS: "pass",
            TAG: "tag (switch with your teammate)",
            STAY: "stay",
        }
        return words.get(a, str(a))

    def result_line(self, view: dict[str, Any], result: Any, names: Sequence[str]) -> str:
        names = self._names(names)
        a, b = view["wins"]
        if result.is_draw:
            return f"The match is drawn, {a} fights to {b}."
        team = " + ".join(names[s] for s in result.winners)
        verb = "win" if team == "You" else "wins"
        return f"{team} {verb} the match, {max(a, b)} fights to {min(a, b)}."
