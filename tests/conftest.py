# Test-run hooks shared by every suite: system tools a test needs (tests/tool_gate.py).
from tool_gate import pytest_configure, pytest_runtest_setup, pytest_terminal_summary  # noqa: F401
