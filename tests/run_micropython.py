"""Runs every portable suite on the real MicroPython interpreter, one fresh process per file.

Each file gets its own heap of the given size (like a freshly booted Pico), so one suite's
leftovers (interned strings, module objects) never decide whether the next one fits. Prints each
file's counts and the total as "N passed, N failed"; exits non-zero on any failure or crash.

Usage: python tests/run_micropython.py MICROPYTHON HEAP SUITE_DIR IMPORT_DIR...
"""

import pathlib
import re
import subprocess
import sys

COUNTS = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
LIVE = re.compile(r"most live after a test (\d+) bytes")


def main() -> int:
    micropython, heap, suite_dir, *import_dirs = sys.argv[1:]
    suites = sorted(pathlib.Path(suite_dir).glob("test_*.mpy")) or sorted(
        pathlib.Path(suite_dir).glob("test_*.py")
    )
    if not suites:
        print("no suites in " + suite_dir)
        return 1
    passed = failed = most_live = 0
    for suite in suites:
        command = [micropython, "-X", "heapsize=" + heap, "tests/mp_runner.py", str(suite)]
        run = subprocess.run(
            command + import_dirs,
            capture_output=True,
            text=True,
            timeout=600,
        )
        counts = COUNTS.search(run.stdout)
        live = LIVE.search(run.stdout)
        if counts is None or run.returncode not in (0, 1):
            print("%s: CRASHED (exit %d)" % (suite.name, run.returncode))
            print(run.stdout[-2000:] + run.stderr[-2000:])
            failed += 1
            continue
        passed += int(counts.group(1))
        failed += int(counts.group(2))
        most_live = max(most_live, int(live.group(1)) if live else 0)
        print("%-28s %s" % (suite.stem, counts.group(0)))
        if int(counts.group(2)):
            print(run.stdout)
    print("MicroPython heap %s per suite; most live after a test: %d bytes" % (heap, most_live))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
