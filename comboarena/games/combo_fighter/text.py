"""Combo Fighter in the terminal: both fighters' life bars, the round's reveal and
combo, what is being decided, your hand with every card's numbers, and a menu of
moves in words (each thing that happens in words is :mod:`.narration`'s)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from comboarena.core import Action, OptionError
from comboarena.core.grammar import plural
from comboarena.ui.textui import Command, MenuItem, TextUI

from .actions import CALL, DECK, DONE, END, PASS, POWER, REST, STAY, TAG, AsideAction, CardAction, Pick
from .content import ATTACK, KINDS, SYMBOLS, Card, Fighter, Version, fighters
from .game import ComboFighter
from .narration import seat_names, short
from .rules import card_damage, signature_damage, signature_for
from .view import SIDES, FighterView, Phase, Risk

STYLE = ("bold red", "bold bright_blue", "bold yellow")


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


def version_line(f: Fighter, v: Version, x: int | None = None) -> Text:
    """``Counter Crush ■ → Hammer Fist ▲ → Bear Knuckle ■  = 9`` in the cards' colours."""
    out = Text()
    for i, t in enumerate(v.cards):
        card = f.cards[t]
        if i:
            out.append(" → ", style="dim")
        out.append(f"{card.title} {SYMBOLS[card.button]}", style=STYLE[card.kind])
        out.append(f" ({card.code})", style="dim")
    damage = str(v.damage) + (f" (={v.damage.value(x)})" if v.damage.x and x is not None else "")
    out.append(f"  = {damage} damage", style="bold")
    if v.requires == 1:
        out.append("  (side B only)", style="italic")
    return out


def sheet_panel(f: Fighter, side: int | None = None, x: int | None = None, aside: Sequence[str] = ()) -> Panel:
    """A Character Sheet and Power Token as printed, for the terminal and ``rules --fighter``.

    ``side`` marks the token side facing up (``None``: before a fight, side A at setup);
    ``x`` shows X's value now and ``aside`` the cards lying beside the token.
    """
    parts: list[RenderableType] = []
    parts.append(Text(f"{f.style} · difficulty {'★' * f.difficulty}{'☆' * (3 - f.difficulty)}", style="italic"))
    parts.append(Text(f.bio, style="dim"))
    token = Table(box=None, padding=(0, 1), show_header=False, title=f"Power Token: {f.token.name}")
    token.title_justify = "left"
    token.add_column(style="bold", no_wrap=True)
    token.add_column()
    up = 0 if side is None else side
    for i, (letter, ts) in enumerate(zip(SIDES, f.token.sides, strict=True)):
        mark = "▶ " if i == up else "  "
        label = Text(f"{mark}{letter}: {ts.name}", style="bold green" if i == up else "")
        token.add_row(label, ts.text)
    if f.token.text:
        token.add_row("  both sides", f.token.text)
    if x is not None and (any(c.combo.x for c in f.cards) or any(s.basic.damage.x for s in f.signatures)):
        token.add_row("  X now", str(x))
    if aside:
        titles = ", ".join(f.cards[f.index[c]].title for c in aside)
        token.add_row("  set aside", titles)
    parts.append(token)
    hand = Text("Starting hand: ", style="bold")
    hand.append(", ".join(f"{f.cards[t].title} ({f.cards[t].code})" for t in f.starting_hand))
    parts.append(hand)
    sigs = Table(box=None, padding=(0, 1), show_header=False, title="Signature Combos", title_justify="left")
    sigs.add_column(style="bold", no_wrap=True)
    sigs.add_column(no_wrap=True)
    sigs.add_column()
    for sig in f.signatures:
        sigs.add_row(sig.name, "Basic", version_line(f, sig.basic, x))
        if sig.power is not None:
            sigs.add_row("", "Power", version_line(f, sig.power, x))
    parts.append(sigs)
    deck = Table(box=None, padding=(0, 1), title="Action Deck (50 cards)", title_justify="left", header_style="bold")
    for col in ("#", "code", "card"):
        deck.add_column(col, no_wrap=True)
    for c in f.cards:
        deck.add_row(str(c.copies), c.code, card_line(c, x))
    parts.append(deck)
    parts.append(Text(f"Solo mode, as the AI: {f.solo.text}", style="dim"))
    return Panel(Group(*parts), title=f"[bold]{f.name}[/] ({f.id})", expand=False)


class FighterText(TextUI):
    def __init__(self, game: ComboFighter) -> None:
        super().__init__(game)
        self.cf = game
        #: the view last rendered: the menu that follows is for its seat
        self._view: FighterView | None = None

    def _fighter(self, seat: int) -> Fighter:
        return self.cf.fighters[seat]

    def _card(self, seat: int, code: str) -> Card:
        f = self._fighter(seat)
        return f.cards[f.index[code]]

    # -- commands typed at the prompt --------------------------------------------------

    def commands(self) -> dict[str, Command]:
        """Extra prompt commands: ``sheet`` shows every fighter's Character Sheet and Power Token."""
        return {"sheet": ("the Character Sheets and Power Tokens of the fighters (which side is up)", self.sheets)}

    def sheets(self, view: Any) -> RenderableType:
        """Your fighter's sheet first, then the others', with each token's side up, X and set-aside cards."""
        seat = view.get("seat")
        order = list(range(view["players"]))
        if seat is not None:
            order.remove(seat)
            order.insert(0, seat)
        panels = []
        for s in order:
            fv = view["fighters"][s]
            panels.append(sheet_panel(self._fighter(s), SIDES.index(fv["side"]), fv["x"], fv["aside"]))
        return Group(*panels)

    def fighter_sheet(self, fighter: str) -> RenderableType:
        """A fighter's Character Sheet and Power Token by id (``comboarena rules combo-fighter --fighter``)."""
        table = fighters()
        if fighter not in table:
            raise OptionError(f"{fighter!r} is not a fighter; the fighters are {', '.join(table)}")
        return sheet_panel(table[fighter])

    # -- the table --------------------------------------------------------------------

    def render(self, view: dict[str, Any], names: Sequence[str]) -> RenderableType:
        self._view = view  # type: ignore[assignment]
        names = seat_names(self.cf, names)
        g = self.game
        seat = view["seat"]
        head = Text(f"Combo Fighter · {view['mode']} · fight {view['fight']} (best of {view['best_of']})", style="bold")
        head.append(f" · round {view['round']} · fights won: ")
        head.append(
            " – ".join(f"{' + '.join(names[s] for s in team)} {view['wins'][i]}" for i, team in enumerate(g.teams))
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
            table.add_row(name, self._life(fv), str(len(fv["discard"])), self._token(s, fv), self._round_text(view, s))
        if view["phase"] in (Phase.DAMAGE, Phase.DISCARD, Phase.BREATH, Phase.TAG):
            # Mid-round decisions come several in a row: a short reminder, not the whole table.
            lines = Text()
            for s in ring:
                lines.append(f"{names[s]}: ", style="bold")
                lines.append_text(self._life(view["fighters"][s]))
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
            parts.append(Text(f"{label} (type sheet for the Character Sheets)", style="bold"))
            parts.append(hand)
        return Group(*parts)

    def _life(self, fv: Any) -> Text:
        life = Text(f"{fv['hand_size']}+{fv['deck']} = {fv['hand_size'] + fv['deck']}")
        if fv["staggering"]:
            life.append("  STAGGERING", style="bold reverse red")
        if fv["ko"]:
            life.append("  K.O.", style="bold reverse red")
        return life

    def _token(self, s: int, fv: Any) -> Text:
        f = self._fighter(s)
        side = SIDES.index(fv["side"])
        token = Text(f"{fv['side']}: {f.token.sides[side].name}")
        if any(c.combo.x for c in f.cards):
            token.append(f" (X={fv['x']})")
        if fv["aside"]:
            token.append(" · aside: " + ", ".join(self._card(s, c).title for c in fv["aside"]), style="dim")
        return token

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
            return "" if phase == Phase.OVER else f"waiting for {', '.join(names[s] for s in to_act)}"
        fv = view["fighters"][seat]
        if phase == Phase.PLAY:
            return "Play a card face down (its code). Attack > footwork > defense > attack."
        if phase == Phase.RETRO:
            return "Your attack lost or tied: use your retroactive power (power) or not (pass)?"
        if phase == Phase.COMBO:
            last = self._card(seat, fv["play"][-1])
            box = "".join(SYMBOLS[b] for b in last.box_buttons) or "empty"
            now = self._combo_damage(view)
            return f"You won the round! Combo: next card's button in {box}, or end ({now} damage so far)."
        if phase == Phase.DAMAGE:
            line = f"Take damage: {plural(fv['damage'], 'point')} to go. Discard a card from your hand (its code)"
            line += " or from your deck." if fv["deck"] else "; your deck is empty (the Staggering Card shows)."
            if fv["risks"]:
                line += f" Careful: {self._risk_advice(fv)}"
            return line
        if phase == Phase.DISCARD:
            return "End of the round: throw away cards before refilling (their codes), or done."
        if phase == Phase.BREATH:
            return "Your teammate won the round: shuffle a card from your discard pile back into your deck?"
        if phase == Phase.TAG:
            return "You won the round: tag out (tag) or stay in the ring (stay)?"
        if phase == Phase.PICK:
            return "Which fighter of your team starts this fight in the ring?"
        return ""

    @staticmethod
    def _risk_advice(fv: Any) -> str:
        """Why ``deck``/``rest`` would be a needless risk now, and what avoids it."""
        keep = fv["damage"] - fv["deck"] + 1
        return (
            f"taking the deck's last card empties it: you would be Staggering after this hit, and the next hit "
            f"knocks you out. Take at least {plural(max(keep, 1), 'card')} from your hand to keep your deck."
        )

    def _combo_damage(self, view: dict[str, Any]) -> int:
        seat = view["seat"]
        f = self._fighter(seat)
        fv = view["fighters"][seat]
        return card_damage(f, tuple(f.index[c] for c in fv["play"]), fv["set_aside"], fv["x"])

    # -- the move menu ----------------------------------------------------------------

    def menu(self, legal: list[Action]) -> list[MenuItem]:
        view = self._view
        seat = view["seat"] if view is not None else None
        return [MenuItem(self._label(a, view, seat), [a]) for a in legal]

    def _label(self, a: Action, view: Any, seat: int | None) -> str:
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
            side = SIDES.index(fv["side"])
            if a == CALL:
                hit = signature_for(f, played, side)
                if hit is not None:
                    name = f.signatures[hit[0]].name
                    return f"call {name} ({signature_damage(f, hit[0], hit[1], fv['x'])} damage)"
            return f"end ({card_damage(f, played, fv['set_aside'], fv['x'])} damage)"
        if a == POWER and view is not None and seat is not None:
            up = self._fighter(seat).token.sides[SIDES.index(view["fighters"][seat]["side"])]
            if up.retro is not None:
                cost = f", discard the top {plural(up.retro.cost, 'card')} of your deck" if up.retro.cost else ""
                return f"power ({up.name}: +{up.retro.speed} Speed{cost})"
        if a in (DECK, REST) and view is not None and seat is not None:
            fv = view["fighters"][seat]
            taken = min(fv["damage"], fv["deck"]) if a == REST else 1
            text = (
                f"rest (the remaining {plural(taken, 'point')} from your deck)"
                if a == REST and taken == fv["damage"]
                else (
                    f"rest (your deck's last {plural(taken, 'card')}; the other {fv['damage'] - taken} from your hand)"
                    if a == REST
                    else "deck (top card of your deck)"
                )
            )
            if fv["risks"].get(str(a)) == Risk.STAGGER:
                text += " ⚠ empties your deck: Staggering, the next hit knocks you out — a hand card avoids it"
            return text
        words: dict[Action, str] = {
            DONE: "done (refill your hand)",
            POWER: "power (use it)",
            PASS: "pass",
            TAG: "tag (switch with your teammate)",
            STAY: "stay",
        }
        return words.get(a, str(a))
