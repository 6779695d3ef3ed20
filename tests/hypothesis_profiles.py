"""Hypothesis profiles (issue 33): "fast" for `make test` (and a bare pytest), "long" for
`make fuzz`. Loaded by tests/conftest.py; `pytest --hypothesis-profile long` picks the other.

A test's own `@settings(max_examples=N)` outranks any profile in hypothesis, so a profile alone
cannot shorten it: under "fast", pytest_collection_modifyitems caps each hypothesis test's
max_examples at the profile's (FAST_EXAMPLES) before it runs, through the settings object
hypothesis keeps on the test (its `_hypothesis_internal_use_settings`, read at each run; tests/
host/test_hypothesis_profiles.py fails if a hypothesis release stops reading it). The test's
other settings (deadline, health checks), its strategies and its assertions stay as they are.
"long" changes nothing: each test's own max_examples, and hypothesis's default (100) for the
others, as before there were profiles.
"""

import os

from hypothesis import settings

FAST = "fast"
LONG = "long"
FAST_EXAMPLES = 25  # at most, per test

settings.register_profile(FAST, max_examples=FAST_EXAMPLES)
settings.register_profile(LONG)  # hypothesis's defaults
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", FAST))


def pytest_collection_modifyitems(config, items) -> None:
    """Under the fast profile, no hypothesis test runs more examples than the profile's."""
    if settings.get_current_profile_name() != FAST:  # --hypothesis-profile long: as written
        return
    cap = settings.default.max_examples
    for item in items:
        test = getattr(item, "obj", None)
        if not getattr(test, "is_hypothesis_test", False):
            continue
        own = test._hypothesis_internal_use_settings
        if own.max_examples > cap:  # parametrized items share the function: capped once
            test._hypothesis_internal_use_settings = settings(own, max_examples=cap)
