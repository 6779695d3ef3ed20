"""The host simulator: the unchanged firmware on virtual peripherals, in virtual time.

Importing host_sim puts the firmware, the board files, the virtual parts and the CPython
stand-ins (machine, micropython, framebuf) on sys.path, exactly as the Pico's filesystem lays
them out, so `boards/pico.py` and `firmware/` run without a single change.
"""

import pathlib
import sys

_ROOT = pathlib.Path(__file__).resolve().parent.parent
for _path in (
    _ROOT / "host_sim" / "standins",
    _ROOT / "host_sim",
    _ROOT,
    _ROOT / "firmware",
):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from host_sim import code_cache  # noqa: E402

code_cache.install(str(_ROOT / "firmware"))  # its modules compiled once, however often imported

from host_sim.virtual_unit import VirtualUnit, VirtualUnitError  # noqa: E402

__all__ = ["VirtualUnit", "VirtualUnitError"]
