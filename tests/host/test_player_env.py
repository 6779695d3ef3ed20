"""The player's environment (issue 33): `make sim` and `make setup` install the project with its
`sim` extra alone into .venv-sim, within the versions `make test` runs with; whatever the
simulator imports from outside the standard library is in that extra."""

import json
import os
import pathlib
import re
import subprocess
import sys
import tomllib
from importlib import metadata

from packaging.requirements import Requirement

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def _pins() -> dict:
    pins = {}
    for line in (ROOT / "requirements-dev.txt").read_text().splitlines():
        found = re.match(r"^([A-Za-z0-9_.-]+)==(\S+)", line)
        if found:
            pins[_normal(found.group(1))] = found.group(2)
    return pins


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sim_extra() -> list:
    return [Requirement(text) for text in PYPROJECT["project"]["optional-dependencies"]["sim"]]


# A make of its own: not a sub-make of `make test` (its MAKEFLAGS would pass on variables such
# as EDITION= and print "Entering directory"), nor with the player's variables set around it.
CLEAN_ENV = {
    name: value
    for name, value in os.environ.items()
    if name not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES")
    and name not in ("EDITION", "FLASH", "SCRIPT", "EXPORT", "SETTINGS")
}


def _make(*args: str) -> str:
    """What `make -n ARGS` would run, a command a line (continued lines joined)."""
    made = subprocess.run(
        ["make", "-n", *args], cwd=ROOT, env=CLEAN_ENV, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    return made.stdout.replace("\\\n", " ")


def test_the_sim_extra_allows_the_versions_make_test_pins() -> None:
    pins = _pins()
    extra = _sim_extra()
    assert {_normal(r.name) for r in extra} == {"textual", "rich", "pillow", "matplotlib"}
    for requirement in extra:
        pinned = pins.get(_normal(requirement.name))
        assert pinned is not None, "%s is not pinned in requirements-dev.txt" % requirement.name
        assert requirement.specifier.contains(pinned), (str(requirement), pinned)
    assert PYPROJECT["project"]["dependencies"] == []  # the API alone: the standard library


def test_make_setup_installs_the_project_with_its_sim_extra_only() -> None:
    recipe = _make("-B", "setup")  # -B: as on a fresh clone, every step shown
    assert "-m venv .venv-sim" in recipe
    install = [line for line in recipe.splitlines() if "pip install" in line]
    assert install == [
        ".venv-sim/bin/pip install --quiet --disable-pip-version-check "
        "-c requirements-dev.txt -e '.[sim]'"
    ]
    assert ".venv/" not in recipe and ".venv-mpy" not in recipe  # no developer's tools


def test_make_sim_plays_in_the_players_environment() -> None:
    skip = ("-o", ".venv-sim/bin/.installed")  # as if set up: only sim's own recipe
    plain = " ".join(_make(*skip, "sim").split())
    assert plain == '.venv-sim/bin/python -m host_sim --export-dir "build/exports"'
    kept = " ".join(_make(*skip, "sim", "FLASH=games/tuesday", "SETTINGS=players=4").split())
    assert kept == (
        '.venv-sim/bin/python -m host_sim --flash-dir "games/tuesday" --set "players=4" '
        '--export-dir "build/exports"'
    )
    chosen = " ".join(_make(*skip, "sim", "EDITION=classic", "EXPORT=out").split())
    assert chosen == '.venv-sim/bin/python -m host_sim --edition "classic" --export-dir "out"'
    script = " ".join(_make(*skip, "sim", "SCRIPT=tests/scripts/history_game.txt").split())
    assert script == '.venv-sim/bin/python -m host_sim run "tests/scripts/history_game.txt"'
    # the developer's environment is not built for it
    assert ".venv/bin" not in _make("-B", "sim")


# What a player's session touches: a scripted game, a screenshot, the export with its chart,
# the terminal UI with its export key, and the command line's help.
SESSION = r"""
import sys
at_start = set(sys.modules)  # the interpreter's own, and its site hooks (.pth files)
import asyncio, json, os, tempfile
import host_sim
from host_sim import VirtualUnit
from host_sim.history import export
from host_sim.tui import BankUnitApp

work = tempfile.mkdtemp()
with VirtualUnit(flash_dir=os.path.join(work, "flash")) as unit:
    unit.insert(card=2, slot="green")
    unit.type("260K")
    unit.screenshot(os.path.join(work, "shot.png"))
export(os.path.join(work, "flash"), os.path.join(work, "g.csv"), os.path.join(work, "g.png"))

async def play():
    app = BankUnitApp(export_dir=os.path.join(work, "exports"))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("[", "2", "1", "k", "E")
        await pilot.pause(1.0)

asyncio.run(play())
assert os.listdir(os.path.join(work, "exports")), "the export key wrote nothing"
site = tuple(p for p in sys.path if p.endswith("site-packages"))
outside = sorted({
    name.split(".")[0] for name, module in list(sys.modules.items())
    if name not in at_start and (getattr(module, "__file__", None) or "").startswith(site)
})
print(json.dumps(outside))
"""


def _closure(requirements: list) -> set:
    """The distributions these requirements install, with theirs (as installed here)."""
    seen: set = set()
    todo = list(requirements)
    while todo:
        requirement = todo.pop()
        name = _normal(requirement.name)
        if name in seen:
            continue
        seen.add(name)
        for text in metadata.requires(requirement.name) or []:
            need = Requirement(text)
            if need.marker is None or need.marker.evaluate({"extra": ""}):
                todo.append(need)
    return seen


def test_what_the_simulator_imports_is_in_the_sim_extra(tmp_path) -> None:
    # its scratch folder (tempfile.mkdtemp) in the test's own, which pytest clears
    scratch = dict(os.environ, TMPDIR=str(tmp_path))
    run = subprocess.run(
        [sys.executable, "-c", SESSION],
        cwd=ROOT,
        env=scratch,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    modules = json.loads(run.stdout.splitlines()[-1])
    assert "textual" in modules and "matplotlib" in modules and "PIL" in modules
    owners = metadata.packages_distributions()
    allowed = _closure(_sim_extra())
    outside = {m: owners.get(m, ["?"]) for m in modules}
    missing = {
        m: dists
        for m, dists in outside.items()
        if not any(_normal(d) in allowed for d in dists) and m != "monopoly_bank_unit"
    }
    assert missing == {}, "imported by the simulator, not in the sim extra: %s" % missing


def test_the_players_environment_is_ignored_by_git() -> None:
    ignored = subprocess.run(
        ["git", "check-ignore", "-q", ".venv-sim/bin/python"], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, ".venv-sim/ is not in .gitignore"
