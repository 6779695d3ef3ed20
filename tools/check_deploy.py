"""Refuses a deploy the firmware cannot run, before anything is built: an unknown board,
edition or keypad, or a keypad with no layout for the edition. Called by `make deploy-tree`.

python tools/check_deploy.py BOARD EDITION [MATRIX]   (exit 0: fine; 2: refused, with the
valid choices). The firmware makes the same check at power-on (firmware/app/unrunnable.py).
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "firmware"), str(ROOT)]

from app.editions import EDITIONS  # noqa: E402  (firmware/ is the device's root)
from boards.keymaps import LAYOUTS  # noqa: E402


def boards() -> list:
    """The board files (boards/keymaps.py holds the layouts, not a board; boards/web.py is the
    web page's, not a Pico's)."""
    files = (ROOT / "boards").glob("*.py")
    return sorted(p.stem for p in files if p.stem not in ("__init__", "keymaps", "web"))


def problems(board: str, edition: str, matrix: str) -> list:
    """What is wrong with BOARD / EDITION / MATRIX (an empty MATRIX: the edition's smallest
    keypad), each a sentence that names the valid choices."""
    found = []
    if board not in boards():
        found.append("no board file boards/%s.py: BOARD= one of %s" % (board, ", ".join(boards())))
    if edition not in EDITIONS:
        hint = edition.replace("-", "_").replace(" ", "_").lower()
        found.append(
            "unknown edition %r: EDITION= one of %s%s"
            % (edition, ", ".join(EDITIONS), " (did you mean %s?)" % hint if hint in EDITIONS
               else "")
        )  # fmt: skip
        return found
    fits = sorted(m for m, name in LAYOUTS if name == edition)
    matrices = sorted({m for m, _ in LAYOUTS})
    if matrix and matrix not in matrices:
        found.append("unknown keypad MATRIX=%s: one of %s" % (matrix, ", ".join(matrices)))
    elif matrix and matrix not in fits:
        found.append(
            "%s has no layout on the %s keypad: it needs MATRIX=%s (or leave MATRIX out)"
            % (edition, matrix, " or MATRIX=".join(fits))
        )
    return found


def main(argv: list) -> int:
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2])
        return 2
    board, edition, matrix = (argv + [""])[:3]
    found = problems(board, edition, matrix)
    for problem in found:
        print("make deploy: " + problem, file=sys.stderr)
    if found:
        print("make deploy: keypads per edition: " + "; ".join(
            "%s %s" % (name, "/".join(sorted(m for m, n in LAYOUTS if n == name)))
            for name in EDITIONS), file=sys.stderr)  # fmt: skip
    return 2 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
