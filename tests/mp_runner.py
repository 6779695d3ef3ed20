# Runs the portable suites under MicroPython (no pytest there): prints "N passed, N failed".
# Usage: micropython -X heapsize=64k tests/mp_runner.py SUITE_DIR[/test_x.mpy] [IMPORT_DIR ...]
# The dirs may hold .py or mpy-cross output (.mpy, built WITHOUT -O so asserts stay). Given one
# suite file it runs only that one: tests/run_micropython.py starts a fresh interpreter per file.
import gc
import os
import sys

suite_dir = sys.argv[1] if len(sys.argv) > 1 else "tests/portable"
only = None
if suite_dir.endswith(".py") or suite_dir.endswith(".mpy"):
    cut = suite_dir.rfind("/")
    suite_dir, only = suite_dir[:cut], suite_dir[cut + 1 :]
import_dirs = sys.argv[2:] if len(sys.argv) > 2 else ["firmware", "host_sim"]
sys.path.insert(0, suite_dir)
for import_dir in import_dirs:
    sys.path.insert(0, import_dir)

passed = 0
failed = 0
most_live = 0  # bytes still allocated after a test and a collection
# One suite named: no listing of the others, whose names would take some of the heap that suite
# gets (test_mfrc522, near its 64k edge, failed once two more suites were in the directory).
for file_name in [only] if only is not None else sorted(os.listdir(suite_dir)):
    module_name = file_name.split(".")[0]
    if not module_name.startswith("test_") or file_name.endswith(".pyc"):
        continue
    if only is not None and file_name != only:
        continue
    loaded = set(sys.modules)
    module = __import__(module_name)
    for name in sorted(dir(module)):
        if not name.startswith("test_"):
            continue
        gc.collect()
        try:
            getattr(module, name)()
            passed += 1
        except Exception as error:  # noqa: BLE001 - report every failure, keep going
            failed += 1
            print("FAIL", file_name, name)
            sys.print_exception(error)  # type: ignore[attr-defined]
        gc.collect()
        most_live = max(most_live, gc.mem_alloc())
    for name in list(sys.modules):  # unload the suite and everything it imported
        if name not in loaded:
            del sys.modules[name]
    module = None  # drop the last reference before the next suite is imported
    gc.collect()

print(
    "heap %d bytes; most live after a test %d bytes" % (gc.mem_free() + gc.mem_alloc(), most_live)
)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
