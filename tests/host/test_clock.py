"""The virtual clock's hardware events: fired in time order, during busy time and between tasks."""

import asyncio

from host_sim.clock import VirtualClock, VirtualTimeLoop


def test_events_fire_in_order_at_their_own_time():
    clock = VirtualClock()
    seen = []
    clock.call_at(3000, lambda: seen.append(("b", clock.now_us)))
    clock.call_at(1000, lambda: seen.append(("a", clock.now_us)))
    cancelled = clock.call_at(2000, lambda: seen.append(("x", clock.now_us)))
    clock.cancel(cancelled)
    clock.advance_to(2500)
    assert seen == [("a", 1000)]
    assert clock.now_us == 2500
    clock.busy_us(1000)
    assert seen == [("a", 1000), ("b", 3000)]
    assert clock.now_us == 3500
    assert clock.busy_total_us == 1000


def test_an_event_wakes_a_waiting_task_at_its_time():
    clock = VirtualClock()
    loop = VirtualTimeLoop(clock)
    event = asyncio.Event()
    woke = []

    async def waiter():
        await event.wait()
        woke.append(clock.now_us)

    async def main():
        task = asyncio.ensure_future(waiter())
        await asyncio.sleep(1.0)  # the loop would jump 1 s; the event at 0.25 s wakes the task
        await task

    clock.call_at(250000, event.set)
    loop.run_until_complete(main())
    loop.close()
    assert woke == [250000]
