"""The built-in games, registered lazily by name (imported on first use)."""

from comboarena.core.registry import register

register("sixteen", "comboarena.games.sixteen:Sixteen")
register("ccc-combo", "comboarena.games.ccc_combo:CccCombo")
