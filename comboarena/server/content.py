"""A game's public printed content (card texts, fighter sheets), for pages that
draw it.

Views name cards by short codes; what a card *says* is public and never
changes, so it is sent once per table rather than in every view. A game
provides it with an optional ``catalog()`` method on its game object
(JSON-safe). For Combo Fighter, which has none yet, an adapter reads the
fighter sheets the game object holds. Anything unexpected gives ``None``:
the page then shows codes and the words of the log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from comboarena.core import Game

log = logging.getLogger("comboarena.server")

KINDS = ("attack", "defense", "footwork")
BUTTONS = ("triangle", "square", "circle")


def catalog(game: Game) -> dict[str, Any] | None:
    """The game's public content for its page, or ``None``."""
    hook = getattr(game, "catalog", None)
    try:
        if callable(hook):
            return dict(hook())
        adapter = ADAPTERS.get(game.name)
        return adapter(game) if adapter else None
    except Exception:  # content a page can do without must never break a table
        log.exception("no catalog for %s", game.name)
        return None


def _combo_fighter(game: Any) -> dict[str, Any]:
    """Each seat's fighter: sheet, cards (by code), Signature Combos, Power Token sides."""
    seats = []
    for f in game.fighters:
        code = [c.code for c in f.cards]
        cards = {
            c.code: {
                "code": c.code,
                "title": c.title,
                "kind": KINDS[c.kind],
                "button": BUTTONS[c.button],
                "speed": c.speed,
                "priority": bool(c.priority),
                "opening": c.opening,
                "combo": str(c.combo),
                "box": [BUTTONS[b] for b in range(3) if c.box >> b & 1],
                "copies": getattr(c, "copies", None),
            }
            for c in f.cards
        }
        signatures = []
        for s in f.signatures:
            versions = {}
            for label, v in (("basic", s.basic), ("power", s.power)):
                if v is not None:
                    versions[label] = {
                        "cards": [code[t] for t in v.cards],
                        "damage": str(v.damage),
                        "side_b_only": v.requires == 1,
                    }
            signatures.append({"name": s.name, **versions})
        seats.append(
            {
                "id": f.id,
                "name": f.name,
                "style": f.style,
                "difficulty": f.difficulty,
                "bio": f.bio,
                "cards": cards,
                "signatures": signatures,
                "token": {"name": f.token.name, "sides": [{"name": s.name, "text": s.text} for s in f.token.sides]},
            }
        )
    return {"fighters": seats}


ADAPTERS: dict[str, Callable[[Any], dict[str, Any]]] = {"combo-fighter": _combo_fighter}
