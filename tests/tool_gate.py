"""A pytest plugin for tests that need a system tool (openscad, tmux, node, chromium):
`needs_tool("tmux")`.

Where the tool is missing such a test is skipped, and the run ends with a loud `SKIPPED: tmux
missing` line, so that `make test` passes on a machine with only python3, make and git. Under
CI=true (.ci/run installs the tools) a missing tool fails the test instead: CI never passes by
skipping. Loaded by tests/conftest.py.
"""

import os
import re
import shutil

import pytest

INSTALL = {
    "chromium": "apt-get install chromium",
    "node": "apt-get install nodejs npm",
    "npm": "apt-get install nodejs npm",
    "openscad": "apt-get install openscad",
    "tmux": "apt-get install tmux",
}
MISSING = re.compile(r"(\S+) missing: ")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "needs_tool(name): the test runs a system tool; skipped where it is missing"
    )


def pytest_runtest_setup(item) -> None:
    for mark in item.iter_markers("needs_tool"):
        for tool in mark.args:
            if shutil.which(tool) is not None:
                continue
            how = INSTALL.get(tool, "install it")
            if in_ci():
                pytest.fail("%s missing: CI=true needs it (%s; .ci/run installs it)" % (tool, how))
            pytest.skip("%s missing: %s to run this test (CI=true fails instead)" % (tool, how))


def pytest_terminal_summary(terminalreporter) -> None:
    counts: dict = {}
    for report in terminalreporter.stats.get("skipped", []):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) and len(longrepr) == 3 else ""
        match = MISSING.search(reason)
        if match:
            counts[match.group(1)] = counts.get(match.group(1), 0) + 1
    for tool, count in sorted(counts.items()):
        terminalreporter.write_line(
            "SKIPPED: %s missing: %d test%s did not run (%s)"
            % (tool, count, "" if count == 1 else "s", INSTALL.get(tool, "install it")),
            yellow=True,
            bold=True,
        )
