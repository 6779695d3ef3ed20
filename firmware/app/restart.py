# Restarting the unit when its memory ran out: a marker on flash, then machine.reset(). The
# journal's replay at boot restores every acknowledged record, as after a power cut; the next
# boot finds the marker, removes it and shows MSG_RESTARTED (app.unit's boot notice).
from compat.const import const

# in the state's folder (store.fs), next to the snapshots and journals
_MARKER = const("restart.mem")
MSG_RESTARTED = "MEMORY FULL: REBOOTED"  # 21 characters: the most the small font fits in 128


def note(fs) -> None:
    """Leave the marker. A flash that refuses it costs only the notice, never the reset."""
    try:
        with fs.open(_MARKER, "wb") as marker:
            marker.write(b"1\n")
    except (OSError, MemoryError):
        pass


def restart(fs) -> None:
    """The marker, then the reset (on the simulator the stand-in's reset reboots the unit)."""
    note(fs)
    import machine

    machine.reset()


def restarted(fs) -> bool:
    """Whether the last run ended in restart(); the marker is removed, so it says so once.
    Only a stat at an ordinary boot: a missing marker costs no flash write."""
    try:
        fs.stat(_MARKER)
    except OSError:
        return False
    try:
        fs.remove(_MARKER)
    except OSError:
        pass  # shown again at the next boot: better twice than a reset said nowhere
    return True
