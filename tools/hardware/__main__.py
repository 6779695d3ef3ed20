"""Writes every generated file of hardware/, or with --check lists the stale ones (exit 1).

.venv/bin/python -m tools.hardware [--check]
"""

import argparse
import sys

from tools.hardware import (
    HARDWARE,
    ROOT,
    bom,
    geometry,
    keypads,
    legends,
    pins,
    power,
    schematic,
    wiring,
)

# Folders whose every file is generated: a file there that is no longer produced is stale.
GENERATED_DIRS = ("wiring", "legends")


def outputs(hw=None) -> dict:
    """{path relative to hardware/: text} for every generated file."""
    hw = hw or pins.load()
    matrices = sorted({matrix for matrix, _ in hw.layouts})
    files = {"wiring/README.md": wiring.index_page(hw)}
    for board in hw.boards:
        files["wiring/%s.md" % board.name] = wiring.board_page(board, matrices)
        files["wiring/%s.svg" % board.name] = wiring.diagram(board, matrices)
    files["schematic.svg"] = schematic.document(hw)
    files["bom.md"] = bom.document(hw)
    files["bom.csv"] = bom.csv_text()
    files["power.md"] = power.document()
    files["keypads.md"] = keypads.document(hw)
    files["legends/README.md"] = legends.index_page(hw.layouts)
    for (matrix, edition), layout in sorted(hw.layouts.items()):
        for lang in legends.languages():
            files["legends/" + legends.file_name(matrix, edition, lang)] = legends.legend(
                matrix, edition, layout, lang
            )
    files["enclosure/keypads.scad"] = geometry.scad_table(matrices)
    return files


def stale(files: dict) -> list:
    """Relative paths whose file differs from what would be generated, or should not exist."""
    out = []
    for rel, text in files.items():
        path = HARDWARE / rel
        if not path.exists() or path.read_text() != text:
            out.append(rel)
    for folder in GENERATED_DIRS:
        for path in sorted((HARDWARE / folder).glob("*")):
            rel = path.relative_to(HARDWARE).as_posix()
            if path.is_file() and rel not in files:
                out.append(rel)
    return sorted(out)


def write(files: dict) -> list:
    """Writes what changed and removes what is no longer generated; returns those paths."""
    changed = stale(files)
    for rel in changed:
        path = HARDWARE / rel
        if rel in files:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(files[rel])
        else:
            path.unlink()
    return changed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only list stale files")
    args = parser.parse_args(argv)
    files = outputs()
    if args.check:
        found = stale(files)
        for rel in found:
            print("stale: hardware/%s" % rel)
        if found:
            print("run: make hardware")
        return 1 if found else 0
    for rel in write(files):
        state = "written" if rel in files else "removed"
        print("%s: %s" % (state, (HARDWARE / rel).relative_to(ROOT)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
