"""Plots of simulation results (matplotlib, the ``plot`` extra; imported only here)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from comboarena.core import OptionError


def matchup_heatmap(report: Any, path: str | Path) -> Path:
    """Draw a :class:`~comboarena.sim.matchups.MatchupReport` as a heatmap: the row
    fighter's win rate against the column fighter, with its 95% interval, and each
    fighter's overall rate beside its row."""
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only; no display needed
        import matplotlib.pyplot as plt
        import numpy as np
    except ImportError:
        raise OptionError("--plot needs matplotlib and numpy: pip install -e '.[plot]'") from None
    roster = list(report.roster)
    n = len(roster)
    rates = np.array([[report.cells[(a, b)].win_rate for b in roster] for a in roster])
    fig, ax = plt.subplots(figsize=(1.9 * n + 2.5, 1.5 * n + 1.6))
    image = ax.imshow(rates, cmap="RdYlGn", vmin=0.0, vmax=1.0)
    for i, a in enumerate(roster):
        for j, b in enumerate(roster):
            cell = report.cells[(a, b)]
            lo, hi = cell.interval
            ax.text(j, i, f"{cell.win_rate:.0%}\n{lo:.0%}–{hi:.0%}", ha="center", va="center", fontsize=9)
    ax.set_xticks(range(n), roster)
    ax.set_yticks(range(n), [f"{a}\n(overall {report.overall(a).win_rate:.0%})" for a in roster])
    ax.set_xlabel("opponent (seat 1)")
    ax.set_ylabel("fighter (seat 0)")
    agents = " vs ".join(report.agents) if len(report.agents) > 1 else report.agents[0]
    ax.set_title(f"{report.game}: win rate of row vs column\n{agents} · {report.games_per_pair} games per cell")
    fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04, label="win rate")
    fig.tight_layout()
    out = Path(path)
    fig.savefig(out, dpi=120)
    plt.close(fig)
    return out


__all__ = ["matchup_heatmap"]
