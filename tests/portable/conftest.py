# On CPython only (pytest; tests/mp_runner.py runs the suites without it): each portable test
# in a folder of its own (its tmp_path) as its working directory. The suites keep their scratch
# flash folders at fixed relative paths (store-test.tmp ...), as the MicroPython runner runs them
# one file at a time; make test deals one suite's tests out to several pytest-xdist workers at
# once, which would otherwise share, and clear, the same folder. Per test, not per worker: a
# session-wide chdir would also move every later non-portable test of that worker out of the
# checkout. (pytest's pythonpath entries are absolute: imports are unaffected.)
import pytest


@pytest.fixture(autouse=True)
def _own_working_directory(tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
