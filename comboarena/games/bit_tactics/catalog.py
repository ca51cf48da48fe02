"""The catalog clients fetch once per table (``game.catalog()``): the game's maps
(heights, terrain, objectives, deployment, features), the abilities and items
the content pack offers, the round limit and the event kinds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import pack
from .maps import MODIFIER_NAMES, TERRAIN_NAMES
from .view import EventKind

if TYPE_CHECKING:
    from .game import BitTactics


def catalog(game: BitTactics) -> dict[str, Any]:
    """The maps of this game and the content sheets its units use (public, fetched once by clients)."""
    p = pack()
    maps = []
    for m in game.maps:
        maps.append(
            {
                "id": m.id,
                "title": m.title,
                "text": m.text,
                "width": m.width,
                "height": m.height,
                "ht": list(m.ht),
                "terrain": [TERRAIN_NAMES[t] for t in m.terrain],
                "mod": [MODIFIER_NAMES[x] for x in m.mod],
                "objective": m.objective,
                "objective_square": m.square_name(m.objective_arg) if m.objective == "reach" else None,
                "objective_rounds": m.objective_arg if m.objective == "survive" else None,
                "deploy": [[m.square_name(s) for s in side] for side in m.deploy],
                "features": [
                    {
                        "square": m.square_name(f.square),
                        "kind": TERRAIN_NAMES[f.kind],
                        "skill": ("might", "agility", "lore", "charm")[f.skill],
                        "tn": f.tn,
                        "damage": f.damage,
                    }
                    for f in m.features
                ],
            }
        )
    abilities = {
        a.id: {"name": a.name, "kind": a.kind, "text": a.text, "ap": a.ap, "mp": a.mp, "range": a.range, "ae": a.ae}
        for a in p.abilities
    }
    items = {i.id: {"name": i.name, "text": i.text} for i in p.items.values()}
    items.update({w.id: {"name": w.name, "text": w.text} for w in p.weapons.values()})
    items.update({a.id: {"name": a.name, "text": a.text} for a in p.armours.values()})
    items.update({a.id: {"name": a.name, "text": a.text} for a in p.ammo.values()})
    return {
        "maps": maps,
        "abilities": abilities,
        "items": items,
        "rounds": game.rounds,
        "events": [str(k) for k in EventKind],
    }


__all__ = ["catalog"]
