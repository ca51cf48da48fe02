"""The ladder drawn: each agent's rating with its interval (matplotlib, the ``plot`` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from comboarena.core import OptionError

from .ratings import INTERVAL_SIGMAS


def ladder_plot(report: Any, path: str | Path) -> Path:
    """Draw a :class:`~comboarena.sim.ladder.LadderReport`: one row per agent, best on top,
    its rating ``mu`` with the interval ``mu ± 2 sigma``; provisional ratings hollow."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only; no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise OptionError("--plot needs matplotlib and numpy: pip install -e '.[plot]'") from None
    rows = list(reversed(report.ratings))
    fig, ax = plt.subplots(figsize=(8, 0.5 * len(rows) + 1.6))
    for y, r in enumerate(rows):
        face = "white" if r.provisional else "tab:blue"
        ax.errorbar(r.mu, y, xerr=INTERVAL_SIGMAS * r.sigma, fmt="o", color="tab:blue", mfc=face, capsize=4)
    ax.set_yticks(range(len(rows)), [f"{r.label} ({r.games} games)" for r in rows])
    ax.set_xlabel(f"OpenSkill rating (mu ± {INTERVAL_SIGMAS:g} sigma; hollow: provisional)")
    ax.set_title(f"{report.game} ladder · {report.games_per_group} games per pairing · seed {report.seed}")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


__all__ = ["ladder_plot"]
