"""The ``comboarena`` command. Each sub-command lives in its own module and
registers itself on :data:`app` when imported here."""

from . import info, ladder, play, replay, report, serve, sim, tournament  # noqa: F401  (register the commands)
from . import map as _map  # noqa: F401  (comboarena map show: 16 Bit Tactics maps)
from .common import app


def main() -> None:
    app()


__all__ = ["app", "main"]
