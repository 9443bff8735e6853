"""The folders show the architecture and keep it (docs/architecture.md).

import-linter (`make lint`) checks the layers' arrows; what it has no contract for is
checked here, on the same import graph (grimp), with imports inside functions counted:
no import cycle, no views module imported from below, no grab-bag folder, one door for
live updates.
"""

from __future__ import annotations

import re
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("config", "engine", "scorekeeper", "referee", "leagues")
MAX_LOOSE_MODULES = 8
GROUP_PREFIXES = ("table.", "game-sheet-", "league-night-")
# The one module per app through which every live update leaves (after the commit).
BROADCAST_DOORS = {
    "referee/live/broadcast.py",
    "scorekeeper/sheet/broadcast.py",
    "leagues/live/broadcast.py",
}


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # Imports under `if TYPE_CHECKING:` are annotations only: they run never, and close no cycle.
    return grimp.build_graph(*PACKAGES, cache_dir=None, exclude_type_checking_imports=True)


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    modules = sorted(graph.modules)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m)) for m in modules}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for start in modules:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, i = work.pop()
            if i == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            recurse = False
            for j in range(i, len(edges[node])):
                nxt = edges[node][j]
                if nxt not in edges:
                    continue
                if nxt not in index:
                    work.append((node, j + 1))
                    work.append((nxt, 0))
                    recurse = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if recurse:
                continue
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
    return found


def test_it_has_no_import_cycle(graph: grimp.ImportGraph) -> None:
    assert _cycles(graph) == []


def _is_views(module: str) -> bool:
    return ".views" in f".{module}" and module.split(".")[1:2] == ["views"]


def test_it_imports_no_views_module_from_below(graph: grimp.ImportGraph) -> None:
    """Only a URL conf (or another views module of the same app) imports views."""
    wrong = []
    for module in graph.modules:
        if _is_views(module) or module.endswith(".urls") or module == "config.urls":
            continue
        for imported in graph.find_modules_directly_imported_by(module):
            if _is_views(imported):
                wrong.append(f"{module} -> {imported}")
    assert wrong == []


def test_it_keeps_no_folder_of_more_than_eight_loose_modules() -> None:
    crowded = {}
    for package in PACKAGES:
        for folder in [ROOT / package, *(p for p in (ROOT / package).rglob("*") if p.is_dir())]:
            if folder.name in ("migrations", "__pycache__"):
                continue
            loose = [p.name for p in folder.glob("*.py") if p.name != "__init__.py"]
            if len(loose) > MAX_LOOSE_MODULES:
                crowded[str(folder.relative_to(ROOT))] = sorted(loose)
    assert crowded == {}


def test_it_sends_every_live_update_through_one_door_per_app() -> None:
    senders = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            if re.search(r"\bgroup_send\b", path.read_text()):
                senders.add(str(path.relative_to(ROOT)))
    assert senders <= BROADCAST_DOORS


def test_it_builds_each_group_name_in_one_place() -> None:
    """A group's name is written by one function (`table_group`, `sheet_group`, `night_group`),
    and the consumers join and leave their group by that function's answer only."""
    writers: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            text = path.read_text()
            for prefix in re.findall(r"f[\"']([\w.-]*[.-])\{", text):
                if prefix in GROUP_PREFIXES:
                    writers.setdefault(prefix, []).append(str(path.relative_to(ROOT)))
            for call in re.findall(r"group_(?:add|discard)\(([^,]+),", text):
                assert call.strip() == "self.group", f"{path}: joins a group named in place: {call}"
    assert sorted(writers) == sorted(GROUP_PREFIXES)  # the scan finds each of them
    assert all(len(paths) == 1 for paths in writers.values()), writers
