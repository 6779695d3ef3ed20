"""Compiles the language tables, lang/<code>.txt, into the lang/<code>.tbl files the unit reads
from its flash (host_sim/lang_tables.py: the format; docs/languages.md: the design). Called by
`make deploy-tree`; exits 2 naming the line(s) at fault (a malformed entry, a "#" count that
differs, two keys with the same hash).

python tools/lang_table.py OUT_DIR [lang/fr.txt ...]   (no file given: every lang/*.txt)
"""

import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host_sim.lang_tables import SOURCES, TableError, compile_file  # noqa: E402


def main(argv: list) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1])
        return 2
    out = pathlib.Path(argv[0])
    sources = [pathlib.Path(a) for a in argv[1:]] or sorted(SOURCES.glob("*.txt"))
    out.mkdir(parents=True, exist_ok=True)
    for source in sources:
        try:
            table = compile_file(source)
        except TableError as error:
            print("lang_table: %s" % error, file=sys.stderr)
            return 2
        (out / (source.stem + ".tbl")).write_bytes(table)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
