# When the shell collects the heap: at the quiet points it knows, so that a collection (about
# 20 ms with the game's live heap on the chip) rarely lands inside a keypress.
#
# MicroPython collects only when an allocation finds no free block. Left to that, a game's
# garbage fills the whole heap between two collections, small live objects end up scattered
# over it, and a later block of a few hundred bytes may find no room although most of the heap
# is free: on the chip the Stock Exchange died so at its first market render after the boot
# summary (issue 27). The shell therefore collects after boot, when an overlay or a mode
# closes, and when the unit has been idle a second with garbage piling up; gc.threshold is the
# backstop while the unit is busy.
import gc
import sys

from compat.const import const
from compat.ticks import ticks_diff

# Off only in the bench's 32-bit WASI build, whose collector must not run inside a call (it
# cannot see what only a wasm local holds: tools/bench/bench.py); the bench collects there.
ENABLED = True
QUIET_MS = 1000  # no key or card for this long: the unit is idle
GARBAGE_BYTES = 16 * 1024  # allocated since the last collection: worth one while idle
_THRESHOLD_SHARE = const(4)  # a collection at the latest once a quarter of the heap is allocated

# MicroPython's figures; CPython (the simulator) has its own collector and none of them.
_mem_free = getattr(gc, "mem_free", None)


def collect() -> None:
    """A full collection now: boot is done, or an overlay or a mode closed."""
    if ENABLED and _mem_free is not None:
        gc.collect()


def set_threshold() -> None:
    """A collection once a quarter of the heap has been allocated since the last, not only
    when the heap is full (gc.threshold; MicroPython's default is never)."""
    if ENABLED and _mem_free is not None:
        heap = _mem_free() + gc.mem_alloc()  # type: ignore[attr-defined]
        gc.threshold(heap // _THRESHOLD_SHARE)  # type: ignore[attr-defined]


class IdleCollector:
    """Collects when nothing has happened for QUIET_MS and GARBAGE_BYTES have been allocated
    since the last collection. step() costs a comparison while the unit is busy; the heap's
    free figure (a walk of the allocation table, about 3 KB on the chip) is read at most once
    every QUIET_MS."""

    def __init__(self) -> None:
        self.activity = -1  # the count of events seen at the last step
        self.since = 0  # when that count last changed, or the heap was last looked at
        self.free_after = 0  # free bytes after the last collection

    def step(self, now: int, activity: int) -> bool:
        """activity: a count that moves with every key or card event. True if it collected."""
        if activity != self.activity:
            self.activity = activity
            self.since = now
            return False
        if not ENABLED or _mem_free is None or ticks_diff(now, self.since) < QUIET_MS:
            return False
        self.since = now
        if self.free_after - _mem_free() < GARBAGE_BYTES:
            return False
        gc.collect()
        self.free_after = _mem_free()
        return True

    def collect(self) -> None:
        """A full collection now, at a quiet point the shell knows (boot done, an overlay
        closed); garbage is counted from here."""
        collect()
        if _mem_free is not None:
            self.free_after = _mem_free()


# Power-on code main.py (and the bench, as main.py) lets go once the unit is built: about
# 1.7 KB of code the running unit never calls again.
BOOT_ONLY = ("app.build", "app.first_light")


def forget_boot() -> None:
    """Lets go of BOOT_ONLY (the caller drops its own references to their functions first)."""
    for name in BOOT_ONLY:
        forget_module(name)


def forget_module(name: str) -> None:
    """A module needed for a while only (the settings code, the boot's problem report) leaves
    sys.modules and its package: its heap is garbage at the next collection."""
    modules = sys.modules
    if modules.pop(name, None) is not None:
        package, _, leaf = name.rpartition(".")
        parent = modules.get(package)
        if parent is not None and hasattr(parent, leaf):
            delattr(parent, leaf)
