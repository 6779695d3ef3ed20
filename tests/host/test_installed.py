"""The project is installed into .venv (editable, by the Makefile): a script anywhere imports
the simulator's Python API."""

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent

SCRIPT = """
from host_sim import VirtualUnit
with VirtualUnit() as unit:
    unit.insert(card=2, slot="green")
    unit.type("260K")
    print(unit.balance(card=2))
"""


def test_a_script_outside_the_repository_imports_virtual_unit(tmp_path) -> None:
    # Run by the venv's interpreter with nothing of the repository on sys.path (no PYTHONPATH,
    # another working directory): only the editable install can find host_sim.
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["15260000"]


def test_the_makefile_installs_the_project_into_the_venv() -> None:
    recipe = (ROOT / "Makefile").read_text().split("$(BIN)/.installed:")[1].split("\n\n")[0]
    assert "pip install" in recipe and "-e ." in recipe
