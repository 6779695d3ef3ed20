"""A pytest plugin: the tests marked `slow` (a few seconds to half a minute each) run first.

make test deals the tests out one at a time to a pytest-xdist worker a core (--maxschedchunk 1),
in collection order: begun first, the longest are shared out between the workers, and the
thousand short tests fill in around them, instead of one worker running a long test alone at
the end while the others wait. Order among the slow tests, and among the others, is kept.
Loaded by tests/conftest.py.
"""

import pytest


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "slow: one of the longest tests (seconds, not milliseconds): runs first"
    )


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable
