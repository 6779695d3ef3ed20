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
