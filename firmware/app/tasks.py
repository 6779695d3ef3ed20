# The shell's asyncio tasks: each device's step (BankUnit's methods) run when there is work.
#
# The keypad task wakes on its sampler's flag (a key changed, or a debounce or long-press
# deadline fell due), the render task when a step left the screen out of date; the tick
# (100 ms), the reader polls and the battery check keep their periods. Every step is followed
# by BankUnit.stepped; a MemoryError in a step is the unit's out_of_memory.
import asyncio  # MicroPython 1.21 and later (the README asks for 1.23): no uasyncio fallback

from compat.ticks import ticks_diff
from rules.keys import GREEN, RED


async def sleep_ms(ms: int) -> None:
    if hasattr(asyncio, "sleep_ms"):
        await asyncio.sleep_ms(ms)  # type: ignore[attr-defined]
    else:
        await asyncio.sleep(ms / 1000)


async def every(unit, period_ms: int, step, offset_ms: int = 0) -> None:
    if offset_ms:
        await sleep_ms(offset_ms)
    while True:
        now = unit.clock()
        try:
            step(now)
            unit.stepped(now)
        except MemoryError:
            unit.out_of_memory(now)
        await sleep_ms(period_ms)


async def poll_task(unit, slot: int, offset_ms: int) -> None:
    """One reader: field on, the card's power-up time later the read (field off again),
    then the rest of the poll period."""
    if offset_ms:
        await sleep_ms(offset_ms)
    while True:
        now = unit.clock()
        try:
            unit.start_poll(slot, now)
            unit.stepped(now)
        except MemoryError:
            unit.out_of_memory(now)
        await sleep_ms(unit.card_power_up_ms)
        now = unit.clock()
        try:
            unit.poll_reader(slot, now)
            unit.stepped(now)
        except MemoryError:
            unit.out_of_memory(now)
        await sleep_ms(unit.poll_period_ms() - unit.card_power_up_ms)


async def keys(unit) -> None:
    """The keypad task: scans, then sleeps until the sampler's flag says a key changed or a
    deadline fell due (the PIO scanner's deadlines: until wake_in). A keypad without a
    sampler is scanned every keypad_scan_ms instead."""
    flag = unit.key_flag
    while True:
        now = unit.clock()
        try:
            unit.scan_keys(now)
            unit.stepped(now)
        except MemoryError:
            unit.out_of_memory(now)
        if unit.keypad is not unit.keypad_on:
            continue  # replaced during the step: start the new one's sampling at once
        if unit.keypad.sampled:
            wait = unit.keypad.wake_in(unit.clock())
            if wait < 0:
                await flag.wait()
            else:
                await sleep_ms(wait)  # a deadline its sampler does not wake the task for
            flag.clear()  # before the scan drains the ring: a later set is not lost
        else:
            await sleep_ms(unit.keypad_scan_ms)


async def render(unit) -> None:
    """The render task: draws when a step says the screen is out of date. A redraw that
    shows a key waits until render_ms after the last redraw that showed one (a burst of
    keys costs one redraw per period); a redraw for the passing time (a field's blink, a
    notice ending, the market screens turning) or a card goes at once and never holds a
    key's redraw back: on the Stock Exchange a blink drawn just before a key used to delay
    the key's digit by up to render_ms."""
    flag = unit.render_flag
    keyed_at = None  # when the last redraw that showed a key went out
    while True:
        await flag.wait()
        flag.clear()
        if keyed_at is not None and unit.key_taken:
            wait = unit.render_ms - ticks_diff(unit.clock(), keyed_at)
            if wait > 0:
                await sleep_ms(wait)
        now = unit.clock()
        keyed = unit.keyed()
        try:
            if unit.render_screen(now) and keyed:
                keyed_at = now
        except MemoryError:
            unit.out_of_memory(now)


async def piezo(unit) -> None:
    """The piezo's own task (drivers.piezo.Piezo.run), started again after a MemoryError."""
    while True:
        try:
            await unit.piezo.run(unit.clock)
        except MemoryError:
            unit.piezo.stop()  # a note cut short is not left sounding
            unit.out_of_memory(unit.clock())


async def run(unit) -> None:
    """Boots `unit` (its flags made by BankUnit.run) and runs its tasks until they stop."""
    unit.boot(unit.clock())
    unit.check_battery(unit.clock())
    unit.render_flag.set()  # the first frame
    tasks = [asyncio.create_task(keys(unit))]
    # The poll tasks run for every edition (a settings change can bring cards in); for a
    # card-less edition each poll returns at once, without touching the bus.
    tasks.append(asyncio.create_task(poll_task(unit, GREEN, 0)))
    tasks.append(asyncio.create_task(poll_task(unit, RED, unit.reader_poll_ms // 2)))
    tasks.append(asyncio.create_task(every(unit, unit.tick_ms, unit.tick)))
    tasks.append(asyncio.create_task(render(unit)))
    tasks.append(asyncio.create_task(every(unit, unit.battery_ms, unit.check_battery)))
    if unit.piezo is not None:
        tasks.append(asyncio.create_task(piezo(unit)))
    await asyncio.gather(*tasks)
