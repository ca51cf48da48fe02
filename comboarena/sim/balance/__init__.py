"""The balance report (``comboarena report``): per-card play and win rates, the matchup
matrix with sample games, card importance by ablation, one self-contained HTML page,
and the changes between two reports."""

from .ablation import ablate, difference_interval
from .cards import CardRules, CardTally, card_rules
from .compare import compare, load_report
from .data import FORMAT, collect
from .page import render
from .samples import write_samples

__all__ = [
    "FORMAT",
    "CardRules",
    "CardTally",
    "ablate",
    "card_rules",
    "collect",
    "compare",
    "difference_interval",
    "load_report",
    "render",
    "write_samples",
]
