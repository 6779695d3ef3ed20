"""Runs every portable suite on the real MicroPython interpreter, one fresh process per file.

Each file gets its own heap of the given size (like a freshly booted Pico), so one suite's
leftovers (interned strings, module objects) never decide whether the next one fits. A suite
that also carries the virtual hardware models may declare a larger heap, with its reason, in a
line of its source: "# micropython-heap: 192k (why)". Prints each
file's counts and the total as "N passed, N failed"; exits non-zero on any failure or crash.
The suites run as parallel processes, one per core (each its own interpreter, heap and working
directory, so they share nothing); their results are printed in the suites' order.

Usage: python tests/run_micropython.py MICROPYTHON HEAP SUITE_DIR IMPORT_DIR...
"""

import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile

COUNTS = re.compile(r"^(\d+) passed, (\d+) failed$", re.MULTILINE)
LIVE = re.compile(r"most live after a test (\d+) bytes")
HEAP_LINE = re.compile(r"^# micropython-heap: (\d+k)", re.MULTILINE)


def heap_for(suite: pathlib.Path, default: str) -> str:
    source = pathlib.Path("tests/portable") / (suite.stem + ".py")
    found = HEAP_LINE.search(source.read_text()) if source.exists() else None
    return found.group(1) if found else default


def main() -> int:
    micropython, heap, suite_dir, *import_dirs = sys.argv[1:]
    if os.sep in micropython:  # run from another working directory below
        micropython = os.path.abspath(micropython)
    suites = sorted(pathlib.Path(suite_dir).glob("test_*.mpy")) or sorted(
        pathlib.Path(suite_dir).glob("test_*.py")
    )
    if not suites:
        print("no suites in " + suite_dir)
        return 1
    passed = failed = most_live = 0

    def run_suite(suite: pathlib.Path) -> subprocess.CompletedProcess:
        command = [micropython, "-X", "heapsize=" + heap_for(suite, heap), "tests/mp_runner.py"]
        command += [str(suite)] + import_dirs
        # Each suite in a working directory of its own: the suites keep their scratch flash
        # folders at fixed relative paths (rig-flash.tmp, which test_unit and test_settings_unit
        # both use ...), and the suites run at once. The paths given stay as they are (relative:
        # a module's path is a string in the heap, a longer one would take more of it), through
        # links to this directory's folders they start with.
        # ("." links every entry but the suites' own scratch folders; a path out of this
        # directory is given absolute.)
        links = set()
        for n, arg in enumerate(command[3:], 3):
            parts = pathlib.Path(arg).parts
            if not parts:
                links |= {name for name in os.listdir(".") if not name.endswith(".tmp")}
            elif parts[0] == "..":
                command[n] = os.path.abspath(arg)
            elif not os.path.isabs(arg):
                links.add(parts[0])
        with tempfile.TemporaryDirectory(prefix="mp-suite-") as scratch:
            for name in links:
                os.symlink(os.path.abspath(name), os.path.join(scratch, name))
            return subprocess.run(
                command, capture_output=True, text=True, timeout=600, cwd=scratch
            )

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        runs = list(pool.map(run_suite, suites))
    for suite, run in zip(suites, runs, strict=True):
        suite_heap = heap_for(suite, heap)
        counts = COUNTS.search(run.stdout)
        live = LIVE.search(run.stdout)
        if counts is None or run.returncode not in (0, 1):
            print("%s: CRASHED (exit %d)" % (suite.name, run.returncode))
            print(run.stdout[-2000:] + run.stderr[-2000:])
            failed += 1
            continue
        passed += int(counts.group(1))
        failed += int(counts.group(2))
        if suite_heap == heap:
            most_live = max(most_live, int(live.group(1)) if live else 0)
        note = "" if suite_heap == heap else "  (heap %s, declared by the suite)" % suite_heap
        print("%-28s %s%s" % (suite.stem, counts.group(0), note))
        if int(counts.group(2)):
            print(run.stdout)
    print("MicroPython heap %s per suite; most live after a test: %d bytes" % (heap, most_live))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
