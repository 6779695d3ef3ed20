# app.memory: when the shell collects the heap (on MicroPython; CPython's collector is its own).
import gc

from app import memory

MICROPYTHON = hasattr(gc, "mem_free")


def _garbage(n_bytes):
    """Allocates about n_bytes in small blocks and lets them go."""
    for _ in range(n_bytes // 64):
        bytearray(48)


def test_a_busy_unit_is_never_collected():
    idle = memory.IdleCollector()
    idle.collect()
    for now in range(0, 10000, 100):
        _garbage(2048)
        assert not idle.step(now, now // 100)  # a key every step: never quiet


def test_an_idle_unit_with_garbage_is_collected_once_then_waits():
    idle = memory.IdleCollector()
    idle.collect()
    assert not idle.step(0, 5)  # the count moved: activity
    _garbage(memory.GARBAGE_BYTES + 8192)
    assert not idle.step(memory.QUIET_MS - 1, 5)  # not quiet long enough
    collected = idle.step(memory.QUIET_MS, 5)
    assert collected == MICROPYTHON  # CPython: never (its gc has no mem_free)
    if MICROPYTHON:
        assert gc.mem_free() >= idle.free_after - 1024  # the garbage went
    # Quiet still, but no new garbage: no second collection
    assert not idle.step(2 * memory.QUIET_MS, 5)


def test_little_garbage_is_left_for_later():
    idle = memory.IdleCollector()
    idle.collect()
    idle.step(0, 1)
    _garbage(1024)
    assert not idle.step(memory.QUIET_MS, 1)


def test_disabled_collects_nothing():
    idle = memory.IdleCollector()
    idle.collect()
    idle.step(0, 1)
    _garbage(memory.GARBAGE_BYTES + 8192)
    memory.ENABLED = False
    try:
        assert not idle.step(memory.QUIET_MS, 1)
        memory.collect()  # a no-op, and no error
        memory.set_threshold()
    finally:
        memory.ENABLED = True


class _StandIn:
    """What sys.modules holds for a module here (MicroPython makes no module objects)."""


def test_the_power_on_code_is_let_go_once_the_unit_is_built():
    """Issue 27: main.py lets app.build and app.first_light go once the unit is built (their
    code is garbage at the next collection). Stand-in modules here: the real ones hold the
    whole unit's code, more than this suite's heap."""
    import sys

    import app

    for name in memory.BOOT_ONLY:
        stand_in = _StandIn()
        sys.modules[name] = stand_in
        setattr(app, name.split(".")[1], stand_in)
    memory.forget_boot()
    for name in memory.BOOT_ONLY:
        assert name not in sys.modules
        assert not hasattr(app, name.split(".")[1])
    assert memory.BOOT_ONLY == ("app.build", "app.first_light")
