"""Tests that need a system tool skip loudly where it is missing and fail under CI=true.

Each case runs pytest in a subprocess with a PATH that holds only what the case allows, on a
small suite marked like tests/host/test_hardware.py's openscad test.
"""

import os
import pathlib
import subprocess
import sys

TESTS = pathlib.Path(__file__).resolve().parents[1]
SUITE = """
import pytest

@pytest.mark.needs_tool("openscad")
def test_renders():
    pass

def test_plain():
    pass
"""


def _run(tmp_path, ci: str, tools=()) -> subprocess.CompletedProcess:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(exist_ok=True)
    for tool in tools:  # a stand-in the gate finds on PATH
        fake = bin_dir / tool
        fake.write_text("#!/bin/sh\nexit 0\n")
        fake.chmod(0o755)
    (tmp_path / "test_suite.py").write_text(SUITE)
    (tmp_path / "pytest.ini").write_text("[pytest]\naddopts = --strict-markers\n")
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    env.update(PATH=str(bin_dir), PYTHONPATH=str(TESTS), CI=ci)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tool_gate", "-p", "no:cacheprovider",
         "-p", "no:xdist", "-c", str(tmp_path / "pytest.ini"), str(tmp_path / "test_suite.py")],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_a_missing_tool_skips_with_a_loud_summary_line(tmp_path) -> None:
    run = _run(tmp_path, ci="")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "1 passed, 1 skipped" in run.stdout
    assert "SKIPPED: openscad missing: 1 test did not run (apt-get install openscad)" in run.stdout


def test_a_missing_tool_fails_under_ci(tmp_path) -> None:
    run = _run(tmp_path, ci="true")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "1 passed, 1 error" in run.stdout  # failed in setup, before the test body
    assert "openscad missing: CI=true needs it" in run.stdout


def test_a_tool_on_path_runs_the_test(tmp_path) -> None:
    for ci in ("", "true"):
        run = _run(tmp_path, ci=ci, tools=("openscad",))
        assert run.returncode == 0, run.stdout + run.stderr
        assert "2 passed" in run.stdout and "SKIPPED" not in run.stdout
