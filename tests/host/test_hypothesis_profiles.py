"""The hypothesis profiles (tests/hypothesis_profiles.py, issue 33): "fast" caps every test's
examples, its own max_examples too; "long" runs each test as written. Run in a pytest of their
own on two counting tests, so a hypothesis release that ignores the cap fails here."""

import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
CONFTEST = """
import sys
sys.path.insert(0, %r)
from hypothesis_profiles import pytest_collection_modifyitems  # noqa: F401
""" % str(ROOT / "tests")
COUNTING = """
import os
from hypothesis import given, settings, strategies as st

def _count(name):
    with open(name, "a") as handle:
        handle.write("x")

@settings(max_examples=200, deadline=None)
@given(st.integers())
def test_its_own_200(n):
    _count("own.count")
    assert isinstance(n, int)

@given(st.integers())
def test_the_default(n):
    _count("default.count")

@pytest.mark.parametrize("twice", [1, 2])
@settings(max_examples=60)
@given(st.integers())
def test_parametrized(twice, n):
    _count("param%d.count" % twice)

@settings(max_examples=5)
@given(st.integers())
def test_below_the_cap(n):
    _count("few.count")
"""


def _examples(tmp_path: pathlib.Path, *options: str) -> dict:
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_counting.py").write_text("import pytest\n" + COUNTING)
    env = dict(os.environ)
    env.pop("HYPOTHESIS_PROFILE", None)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
         "-o", "addopts=", *options, str(tmp_path)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    counts = {}
    for name in ("own", "default", "param1", "param2", "few"):
        counts[name] = len((tmp_path / ("%s.count" % name)).read_text())
        (tmp_path / ("%s.count" % name)).unlink()
    return counts


@pytest.mark.parametrize("options", [(), ("--hypothesis-profile", "fast")])
def test_the_fast_profile_caps_every_test_its_own_settings_too(tmp_path, options) -> None:
    from hypothesis_profiles import FAST_EXAMPLES

    counts = _examples(tmp_path, *options)
    assert counts == {"own": FAST_EXAMPLES, "default": FAST_EXAMPLES, "param1": FAST_EXAMPLES,
                      "param2": FAST_EXAMPLES, "few": 5}  # fmt: skip


def test_the_long_profile_runs_each_test_as_written(tmp_path) -> None:
    counts = _examples(tmp_path, "--hypothesis-profile", "long")
    assert counts == {"own": 200, "default": 100, "param1": 60, "param2": 60, "few": 5}


def test_make_test_is_fast_and_make_fuzz_long() -> None:
    made = subprocess.run(
        ["make", "-n", "-o", ".venv/bin/.installed", "-o", ".venv-mpy/.installed",
         "test-cpython", "fuzz"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    pytest_lines = [line for line in made.stdout.splitlines() if "/pytest " in line]
    assert "--hypothesis-profile fast" in pytest_lines[0]  # make test-cpython
    assert any("--hypothesis-profile long -m hypothesis" in line for line in pytest_lines[1:])
