"""Regenerate the golden screenshots in tests/golden/ from tools/golden_scenarios.py.

    .venv/bin/python tools/make_golden.py            # every scenario
    .venv/bin/python tools/make_golden.py idle typing # only these
    .venv/bin/python tools/make_golden.py --list

Run it on purpose, after a deliberate change to what the screen shows, then look at every PNG
it reports as written before committing them. A golden whose pixels did not change is left
untouched (file and timestamp), so the diff shows only screens that really changed.
"""

import argparse
import pathlib
import shutil
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.golden_scenarios import (  # noqa: E402
    GOLDEN_DIR,
    NAMES,
    SCENARIOS,
    differing_pixels,
    golden_path,
    shoot,
)


def main(argv: list) -> int:
    parser = argparse.ArgumentParser(description="Regenerate the golden screenshots.")
    parser.add_argument("names", nargs="*", help="scenarios to regenerate (default: all)")
    parser.add_argument("--list", action="store_true", help="list the scenarios and exit")
    args = parser.parse_args(argv)
    if args.list:
        for name, shows, _steps, _expected in SCENARIOS:
            print("%-14s %s" % (name, shows))
        return 0
    unknown = [name for name in args.names if name not in NAMES]
    if unknown:
        print("unknown scenario(s): %s; have: %s" % (" ".join(unknown), " ".join(NAMES)))
        return 2
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    written = 0
    with tempfile.TemporaryDirectory(prefix="golden-") as scratch:
        for name in args.names or NAMES:
            fresh = pathlib.Path(scratch) / (name + ".png")
            shoot(name, fresh)
            golden = golden_path(name)
            if not golden.exists():
                status = "new"
            else:
                changed = differing_pixels(golden, fresh)
                status = "%d pixels changed" % changed if changed else ""
            if status:
                shutil.copyfile(fresh, golden)
                written += 1
                print("%-14s written (%s): %s" % (name, status, golden.relative_to(ROOT)))
            else:
                print("%-14s unchanged" % name)
    stale = sorted(p.name for p in GOLDEN_DIR.glob("*.png") if p.stem not in NAMES)
    if stale:
        print("not a scenario any more (delete by hand if so meant): " + " ".join(stale))
    print("%d golden(s) written; look at each before committing" % written)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
