# Test-run hooks shared by every suite: system tools a test needs (tests/tool_gate.py), the
# hypothesis profiles, "fast" unless --hypothesis-profile says otherwise
# (tests/hypothesis_profiles.py), and the slow tests first (tests/slow_first.py).
from hypothesis_profiles import pytest_collection_modifyitems  # noqa: F401
from tool_gate import pytest_configure, pytest_runtest_setup, pytest_terminal_summary  # noqa: F401

pytest_plugins = ["slow_first"]
