"""The Character Sheets and Power Tokens as printed: the game's public catalog.

``ComboFighter.catalog()`` returns :func:`public_sheets` for the fighters at
the table; views name cards by code only, and clients look the printed
content up here once per table. Everything in it is public (it is what lies
face up beside each player); which token side is up, the value of X and the
cards set aside are in the view (``fighters[s]["side"]``, ``["x"]``,
``["aside"]``).

>>> from comboarena.games.combo_fighter.content import fighters
>>> sheet = public_sheets([fighters()["boris"]])["fighters"][0]
>>> sheet["starting_hand"][0]["code"], sum(c["count"] for c in sheet["deck"])
('hf', 50)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .content import BUTTONS, COLOURS, KINDS, SYMBOLS, Card, Damage, Fighter, Version


def damage_json(d: Damage) -> dict[str, Any]:
    """A printed damage value: its text (``2X+1``) and its parts (``x`` times X plus ``base``)."""
    return {"text": str(d), "x": d.x, "base": d.base}


def card_json(c: Card) -> dict[str, Any]:
    """One card type as printed, with how many copies the Action Deck holds."""
    return {
        "code": c.code,
        "title": c.title,
        "kind": KINDS[c.kind],
        "colour": COLOURS[c.kind],
        "button": BUTTONS[c.button],
        "symbol": SYMBOLS[c.button],
        "speed": c.speed,
        "priority": bool(c.priority),
        "opening": c.opening,
        "combo": str(c.combo),
        "combo_damage": damage_json(c.combo),
        "box": [BUTTONS[b] for b in c.box_buttons],
        "box_symbols": "".join(SYMBOLS[b] for b in c.box_buttons),
        "copies": c.copies,
        "tags": list(c.tags),
    }


def _version(f: Fighter, v: Version) -> dict[str, Any]:
    return {
        "cards": [f.cards[t].code for t in v.cards],
        "titles": [f.cards[t].title for t in v.cards],
        "damage": str(v.damage),
        "damage_parts": damage_json(v.damage),
        "side_b_only": v.requires == 1,
    }


def sheet_json(f: Fighter) -> dict[str, Any]:
    """One fighter's Character Sheet, Power Token (both sides) and solo-mode rules."""
    signatures = []
    for s in f.signatures:
        entry: dict[str, Any] = {"name": s.name, "basic": _version(f, s.basic)}
        if s.power is not None:
            entry["power"] = _version(f, s.power)
        signatures.append(entry)
    token = f.token
    return {
        "id": f.id,
        "name": f.name,
        "style": f.style,
        "difficulty": f.difficulty,
        "bio": f.bio,
        "cards": {c.code: card_json(c) for c in f.cards},
        "deck": [{"code": c.code, "title": c.title, "count": c.copies} for c in f.cards],
        "starting_hand": [{"code": f.cards[t].code, "title": f.cards[t].title} for t in f.starting_hand],
        "signatures": signatures,
        "token": {
            "name": token.name,
            "text": token.text,
            "start_aside": [f.cards[t].code for t in token.start_aside],
            "sides": [
                {"side": letter, "name": side.name, "text": side.text}
                for letter, side in zip("AB", token.sides, strict=True)
            ],
        },
        "solo": {"text": f.solo.text, "start_aside": [f.cards[t].code for t in f.solo.start_aside]},
    }


def public_sheets(fighters: Sequence[Fighter]) -> dict[str, Any]:
    """Each seat's fighter as printed (``{"fighters": [sheet per seat]}``), JSON-safe."""
    return {"fighters": [sheet_json(f) for f in fighters]}


__all__ = ["card_json", "public_sheets", "sheet_json"]
