"""python -m host_sim run SCRIPT: the CI game passes, a failed expect and bad syntax fail."""

import io
import json
import pathlib
import subprocess
import sys

import pytest

from host_sim.script import ScriptError, parse, run_script

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
GAME = ROOT / "tests" / "scripts" / "electronic_banking_game.txt"


def test_the_ci_game_passes_through_the_command_line() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "host_sim", "run", str(GAME)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    steps = [json.loads(line) for line in run.stdout.splitlines()]
    assert len(steps) >= 30
    assert all(step["ok"] for step in steps)
    assert steps[-1]["balances"]["1"] == 15000000


def test_a_failed_expect_stops_with_exit_1(tmp_path: pathlib.Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("insert 1 green\ntype 1M\nexpect balance 1 99\ninsert 2 red\n")
    out = io.StringIO()
    assert run_script(str(script), out) == 1
    last = json.loads(out.getvalue().splitlines()[-1])
    assert last["ok"] is False and "expected 99" in last["error"]
    assert len(out.getvalue().splitlines()) == 3  # nothing ran after the failure


def test_a_refused_call_is_a_failure_too(tmp_path: pathlib.Path) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("press zone\n")
    out = io.StringIO()
    assert run_script(str(script), out) == 1


@pytest.mark.parametrize(
    "line",
    [
        "jump 3",
        "press",
        "hold C soon",
        "expect colour red",
        'expect screen "open',
        "insert x green",
    ],
)
def test_malformed_lines_are_rejected_with_their_line_number(line: str) -> None:
    with pytest.raises(ScriptError, match="line 2"):
        parse("press 1\n" + line + "\n")


def test_shot_writes_next_to_the_script(tmp_path: pathlib.Path) -> None:
    script = tmp_path / "shot.txt"
    script.write_text("insert 1 green\nshot card.png\n")
    assert run_script(str(script), io.StringIO()) == 0
    assert (tmp_path / "card.png").stat().st_size > 100
