"""Generators of the hardware package (hardware/): wiring, schematic, BOM, legends, power.

Everything they write is derived from boards/*.py (pins, keypad layouts) and the tables in
this package, so the documents cannot disagree with the pins the firmware uses:

    .venv/bin/python -m tools.hardware            # rewrite every generated file
    .venv/bin/python -m tools.hardware --check    # exit 1 and list the stale ones
"""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
HARDWARE = ROOT / "hardware"
