"""A game's public printed content (card texts, fighter sheets), for pages that
draw it.

Views name cards by short codes; what a card *says* is public and never
changes, so it is sent once per table rather than in every view. A game
provides it with ``Game.catalog()``. Anything unexpected gives ``None``: the
page then shows codes and the words of the log.
"""

from __future__ import annotations

import logging
from typing import Any

from comboarena.core import Game

log = logging.getLogger("comboarena.server")


def catalog(game: Game) -> dict[str, Any] | None:
    """The game's public content for its page, or ``None``."""
    try:
        content = game.catalog()
    except Exception:  # content a page can do without must never break a table
        log.exception("no catalog for %s", game.name)
        return None
    return None if content is None else dict(content)
