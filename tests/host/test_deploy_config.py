"""A configuration the firmware cannot run is refused at `make deploy` with the valid choices,
and on a unit it is said on the panel and main.py stops (no crash.log, no reset loop)."""

import json
import pathlib
import subprocess
import sys

import pytest

from ui.sounds import melody_for

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent

# Runs the real firmware/main.py on the stand-ins with a board.py as `make deploy` writes it.
PROBE = """
import json, runpy, sys, types
root = %r
sys.path[:0] = [root + "/host_sim/standins", root + "/host_sim", root, root + "/firmware"]
from boards.pico import Board as PicoBoard
from peripherals.wiring import VirtualParts
import ui.render
made = []

class Board(PicoBoard):
    def __init__(self, matrix="4x4"):
        super().__init__(matrix)
        made.append(VirtualParts(self))

board = types.ModuleType("board")
board.Board, board.EDITION = Board, %r
if %r:
    board.MATRIX = %r
sys.modules["board"] = board
drawn = []
real_render = ui.render.render
def render(canvas, view, status=None, log=None, screen=None, pages=None):
    log = [] if log is None else log
    real_render(canvas, view, status, log)
    drawn.append([text for _, _, text in log])
ui.render.render = render
outcome = "returned"
try:
    runpy.run_path(root + "/firmware/main.py", run_name="__main__")
except BaseException as error:  # the stand-in's machine.reset() raises ResetRequested
    outcome = type(error).__name__
panel = made[0].panel if made else None
lit = bool(panel and panel.display_on and any(
    panel.pixel(x, y) for y in range(64) for x in range(128)))
sounded = [f for _, f, duty in made[0].board.piezo.log if duty] if made else []
print("PROBE" + json.dumps({"outcome": outcome, "lit": lit, "screen": drawn[-1] if drawn else [],
                            "sounded": sounded}))
"""


def _boot(tmp_path, edition: str, matrix: str = "") -> tuple:
    run = subprocess.run(
        [sys.executable, "-c", PROBE % (str(ROOT), edition, matrix, matrix)],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    line = [x for x in run.stdout.splitlines() if x.startswith("PROBE")]
    assert line, run.stdout + run.stderr
    return json.loads(line[-1][5:]), run.stdout


@pytest.mark.parametrize(
    ("edition", "matrix", "shown", "said"),
    [
        ("stock-exchange", "", "STOCK-EXCHANGE", "unknown edition 'stock-exchange'"),
        ("stock_exchange", "4x4", "FOR STOCK EXCHANGE", "no 4x4 keypad layout for stock_exchange"),
        ("revolution", "4x4", "IT NEEDS 5X5", "it runs on: 5x5"),
    ],
)
def test_an_unrunnable_board_py_is_shown_on_the_panel_and_stops(
    tmp_path, edition, matrix, shown, said
) -> None:
    probe, usb = _boot(tmp_path, edition, matrix)
    assert probe["outcome"] == "returned"  # main.py ended: no machine.reset(), no loop
    assert not (tmp_path / "crash.log").exists()
    assert probe["lit"]
    assert probe["screen"][0] == "CANNOT RUN"
    assert shown in probe["screen"]
    assert "REDEPLOY: SEE USB" in probe["screen"]
    assert probe["sounded"] == [f for f, _ in melody_for("error") if f]  # the error cue, once
    assert said in usb and "make deploy" in usb


def _check(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_deploy.py"), *args],
        capture_output=True, text=True, timeout=30,
    )  # fmt: skip


def test_make_deploy_refuses_what_the_firmware_cannot_run() -> None:
    run = _check("pico", "stock-exchange")
    assert run.returncode == 2
    assert "unknown edition 'stock-exchange'" in run.stderr
    assert "electronic_banking, revolution, classic, banker, stock_exchange" in run.stderr
    assert "did you mean stock_exchange?" in run.stderr
    run = _check("pico", "stock_exchange", "4x4")
    assert run.returncode == 2
    assert "stock_exchange has no layout on the 4x4 keypad: it needs MATRIX=5x5" in run.stderr
    run = _check("pico", "classic", "3x3")
    assert run.returncode == 2 and "MATRIX=3x3: one of 4x4, 5x5" in run.stderr
    run = _check("picox", "classic")
    assert run.returncode == 2 and "BOARD= one of pico, pico2, pico_w" in run.stderr
    fine = [
        ("pico", "stock_exchange"),
        ("pico2", "classic", "4x4"),
        ("pico_w", "revolution", "5x5"),
    ]
    for good in fine:
        run = _check(*good)
        assert run.returncode == 0, (good, run.stderr)


def test_deploy_tree_checks_before_it_builds() -> None:
    run = subprocess.run(
        ["make", "-n", "deploy-tree", "EDITION=stock-exchange", "MATRIX=4x4"],
        cwd=ROOT, capture_output=True, text=True, timeout=30,
    )  # fmt: skip
    recipe = run.stdout.splitlines()
    check = [i for i, line in enumerate(recipe) if "tools/check_deploy.py" in line]
    build = [i for i, line in enumerate(recipe) if "mpy-cross" in line]
    assert check and build and check[0] < build[0], run.stdout
    assert '"stock-exchange" "4x4"' in recipe[check[0]]


def test_a_memory_error_escaping_the_unit_resets_it_with_the_notice(tmp_path) -> None:
    """main.py's last resort: crash.log, the restart marker, then machine.reset()."""
    probe = PROBE.replace(
        'outcome = "returned"',
        "import app.unit, time\n"
        "async def run(self):\n"
        "    raise MemoryError('memory allocation failed')\n"
        "app.unit.BankUnit.run = run\n"
        "time.sleep = lambda s: None\n"
        "import traceback\n"  # MicroPython's sys.print_exception, for CPython
        "sys.print_exception = lambda e, f=sys.stderr: traceback.print_exception(e, file=f)\n"
        'outcome = "returned"',
    )
    run = subprocess.run(
        [sys.executable, "-c", probe % (str(ROOT), "electronic_banking", "", "")],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    line = [x for x in run.stdout.splitlines() if x.startswith("PROBE")]
    assert line, run.stdout + run.stderr
    assert json.loads(line[-1][5:])["outcome"] == "ResetRequested"
    assert "MemoryError" in (tmp_path / "crash.log").read_text()
    assert (tmp_path / "data" / "restart.mem").exists()  # the next boot says so


def test_the_deploy_tree_holds_the_unit_and_not_the_host_tools_words(tmp_path) -> None:
    """make deploy-tree: every firmware module but main.py (copied as it is) compiled, and each
    edition's hints.py left out: what the host tools say of it, never imported on the unit."""
    run = subprocess.run(
        ["make", "-s", "-o", ".venv/bin/.installed", "deploy-tree", "DEPLOY=" + str(tmp_path),
         "EDITION=classic"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    made = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert "main.py" in made and "board.py" in made and "lang/fr.tbl" in made
    assert "editions/classic/edition.mpy" in made and "rules/money.mpy" in made
    assert not [name for name in made if name.endswith("hints.mpy")]
    assert (ROOT / "firmware" / "editions" / "classic" / "hints.py").exists()
