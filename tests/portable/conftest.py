# CPython runs of the portable suites: each pytest-xdist worker in a scratch folder of its own.
# The suites keep their flash folders at fixed relative paths (store-test.tmp ...), as the
# MicroPython runner runs them one file at a time; two workers running two tests of one suite
# at once shared them. (pytest's pythonpath entries are absolute: imports are unaffected.)
import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_scratch_folder(tmp_path_factory):
    before = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("portable"))
    yield
    os.chdir(before)
