"""The package's shape, checked: which parts may import which, no module writing
another module's private fields, imports inside functions only to keep heavy ones lazy,
and every game's state declared once (its position holds exactly its saved fields)."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import comboarena as ca

PACKAGE = Path(ca.__file__).parent
MODULES = sorted(p for p in PACKAGE.rglob("*.py"))

#: What each part may not import (by package prefix).
FORBIDDEN = {
    "comboarena.core": ("comboarena.games", "comboarena.agents", "comboarena.server", "comboarena.sim",
                        "comboarena.terminal", "comboarena.cli", "comboarena.ui", "comboarena.envs"),
    "comboarena.games": ("comboarena.server", "comboarena.terminal", "comboarena.sim", "comboarena.cli",
                         "comboarena.envs"),
    "comboarena.agents": ("comboarena.server", "comboarena.terminal", "comboarena.sim", "comboarena.cli",
                          "comboarena.ui"),
    "comboarena.ui": ("comboarena.server", "comboarena.terminal", "comboarena.sim", "comboarena.cli"),
    "comboarena.server": ("comboarena.terminal", "comboarena.ui", "comboarena.cli"),
}  # fmt: skip

#: Imports that may stay inside functions: heavy or optional libraries kept lazy, and
#: the server and plotting extras (which a plain install lacks).
LAZY = ("matplotlib", "numpy", "scipy", "fastapi", "uvicorn", "sqlalchemy", "psycopg", "platformdirs", "ray",
        "open_spiel", "pyspiel", "gymnasium", "pettingzoo", "torch", "comboarena.server", "comboarena.sim.plots",
        "fcntl", "readline", "termios", "tty", "select", "msvcrt", "websockets", "playwright", "importlib")  # fmt: skip


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(tree: ast.AST, module: str, is_package: bool) -> list[tuple[str, ast.AST]]:
    """Every module imported (absolute names), with the node."""
    out = []
    package = module if is_package else module.rsplit(".", 1)[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, node) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join([*base, node.module] if node.module else base)
            else:
                name = node.module or ""
            out.append((name, node))
    return out


def _type_checking_nodes(tree: ast.AST) -> set[int]:
    """ids of nodes under ``if TYPE_CHECKING:`` (imports for annotations only)."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                inside |= {id(n) for n in ast.walk(child)}
    return inside


def _parsed() -> list[tuple[str, Path, ast.AST]]:
    return [(_module_name(p), p, ast.parse(p.read_text(encoding="utf-8"))) for p in MODULES]


def test_each_part_imports_only_what_it_may():
    wrong = []
    for module, path, tree in _parsed():
        for part, banned in FORBIDDEN.items():
            if module == part or module.startswith(part + "."):
                skip = _type_checking_nodes(tree)
                for name, node in _imports(tree, module, path.name == "__init__.py"):
                    if id(node) not in skip and name.startswith(banned):
                        wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} imports {name}")
    assert not wrong, "\n".join(wrong)


def _owned(tree: ast.AST) -> set[str]:
    """The private fields a module owns: those in its classes' ``__slots__`` and those
    it sets on ``self``."""
    owned: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets):
            owned |= {c.value for c in ast.walk(node.value) if isinstance(c, ast.Constant) and isinstance(c.value, str)}
        store = isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store)
        if store and isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            owned.add(node.attr)
    return owned


def test_no_module_writes_another_modules_private_fields():
    """``x._name = ...`` (or ``+=``) outside the module that owns ``_name`` (declares it
    in a class's ``__slots__`` or sets it on ``self``)."""
    wrong = []
    for _module, path, tree in _parsed():
        owned = _owned(tree)
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = node.targets
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if (
                        isinstance(sub, ast.Attribute)
                        and isinstance(sub.ctx, ast.Store)
                        and sub.attr.startswith("_")
                        and not sub.attr.startswith("__")
                        and sub.attr not in owned
                    ):
                        wrong.append(f"{path.relative_to(PACKAGE.parent)}:{sub.lineno} writes {ast.unparse(sub)}")
    assert not wrong, f"{len(wrong)} writes of other modules' private fields:\n" + "\n".join(wrong)


def test_imports_inside_functions_only_keep_heavy_ones_lazy():
    wrong = []
    for module, path, tree in _parsed():
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for name, node in _imports(fn, module, path.name == "__init__.py"):
                if not name.startswith(LAZY):
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} imports {name} in {fn.name}()")
    assert not wrong, f"{len(wrong)} imports inside functions:\n" + "\n".join(sorted(set(wrong)))


def test_the_server_does_not_import_rich():
    code = "import sys, comboarena.server.app, comboarena.server.words; print('rich' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stdout + out.stderr


@pytest.mark.parametrize("name", ca.games())
def test_a_position_holds_exactly_the_declared_saved_fields(name):
    """Each game's state is declared once (``FIELDS``): its position's own keys are the
    declared saved fields, in the declared order."""
    state = ca.make(name).new_state(seed=1)
    declared = type(state).FIELDS.saved  # type: ignore[attr-defined]
    envelope = {"game", "version", "options", "chance"}
    assert [k for k in state.position() if k not in envelope] == list(declared)


#: Each game's rule modules (the rules split by rulebook section).
RULE_MODULES = {
    "ccc_combo": ("setup", "gameplay", "combo", "counter", "draws", "end"),
    "combo_fighter": ("match", "round", "combos", "damage", "end_of_round", "hand", "staggering", "solo", "tag"),
    "sixteen_combos": ("setup", "turn", "check", "combos", "defeat", "rounds"),
    "bit_tactics": ("rounds", "initiative", "turn", "movement", "combat", "victory", "camp"),
}


@pytest.mark.parametrize(
    ("package", "module"), [(p, m) for p, ms in RULE_MODULES.items() for m in ms], ids=lambda x: x
)
def test_each_rule_module_says_its_rulebook_section_and_the_fields_it_changes(package, module):
    """Its docstring names what of the rulebook it implements (its first line) and, after
    "changes", the state's fields it changes: at least one of them a declared field."""
    doc = importlib.import_module(f"comboarena.games.{package}.{module}").__doc__ or ""
    declared = importlib.import_module(f"comboarena.games.{package}.fields")
    # The state's fields, and those of the records declared beside them (a fighter's seat).
    fields = {n for value in vars(declared).values() for n in getattr(value, "names", ()) if isinstance(n, str)}
    assert doc.splitlines()[0].strip(), "a first line naming the rulebook's section"
    at = doc.lower().find("changes")
    assert at >= 0, "no 'changes' sentence"
    named = set(re.findall(r"``(\w+)``", doc[at:]))
    assert named & fields, f"names no declared field of the state among {sorted(named)}"
