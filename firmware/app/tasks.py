# The shell's asyncio tasks: each device's step (BankUnit's methods) run when there is work.
#
# The keypad task wakes on its sampler's flag (a key changed, or a debounce or long-press
# deadline fell due), the render task when a step left the screen out of date; the tick and
# the readers' cycle keep the pace app.power gives (slower once the unit is quiet), the battery
# check its period. Every step is followed by BankUnit.stepped; a MemoryError in a step is the
# unit's out_of_memory.
import asyncio  # MicroPython 1.21 and later (the README asks for 1.23): no uasyncio fallback

from app import power
from compat.ticks import ticks_diff
from rules.keys import GREEN, RED


async def sleep_ms(ms: int) -> None:
    if hasattr(asyncio, "sleep_ms"):
        await asyncio.sleep_ms(ms)  # type: ignore[attr-defined]
    else:
        await asyncio.sleep(ms / 1000)


def _step(unit, step, *args) -> None:
    """One step at `now`, then BankUnit.stepped; a MemoryError is the unit's out_of_memory."""
    now = unit.clock()
    try:
        step(*args, now)
        unit.stepped(now)
    except MemoryError:
        unit.out_of_memory(now)


async def every(unit, period_ms, step) -> None:
    """step(now) each period_ms, or each period_ms(now) where it is a function (app.power)."""
    while True:
        _step(unit, step)
        wait = period_ms(unit.clock()) if callable(period_ms) else period_ms
        await sleep_ms(wait)


def _rest(unit, ms: int) -> int:
    """power.rest: its waking key is a step's work, so a MemoryError in it is the unit's
    out_of_memory, as in any step, not the end of the readers' task."""
    try:
        return power.rest(unit, ms)
    except MemoryError:
        unit.out_of_memory(unit.clock())
        return 0


def _read_then_start(unit, now: int) -> None:
    unit.poll_reader(GREEN, now)  # its field off again before the other's comes on
    unit.start_poll(RED, now)


async def readers(unit) -> None:
    """Both readers in one cycle (issue 31): GREEN's field on; its card's power-up time later
    GREEN read and RED's field on; as long again, RED read; then the rest of the cycle
    (app.power). Three wake-ups a cycle, where a task per reader took four, and one field on
    at a time. A card-less edition only waits (the settings menu may bring cards in), and so
    does a unit light-sleeping in standby (app.power: a key wakes it, then cards are read)."""
    while True:
        up = unit.card_power_up_ms
        if unit.uses_cards and not power.asleep(unit):  # asleep: the readers powered down
            _step(unit, unit.start_poll, GREEN)
            if up:  # (0: no wait at all, in tests); dozing, the keys are checked meanwhile
                await sleep_ms(_rest(unit, up))
            _step(unit, _read_then_start, unit)
            if up:
                await sleep_ms(_rest(unit, up))
            _step(unit, unit.poll_reader, RED)
            wait = unit.poll_period_ms(unit.clock()) - 2 * up
        else:
            wait = unit.poll_period_ms(unit.clock())
        await sleep_ms(_rest(unit, wait))  # on batteries, light sleep


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
    # The readers' task runs for every edition (a settings change can bring cards in).
    tasks.append(asyncio.create_task(readers(unit)))
    tasks.append(asyncio.create_task(every(unit, unit.tick_period_ms, unit.tick)))
    tasks.append(asyncio.create_task(render(unit)))
    tasks.append(asyncio.create_task(every(unit, unit.battery_ms, unit.check_battery)))
    if unit.piezo is not None:
        tasks.append(asyncio.create_task(piezo(unit)))
    await asyncio.gather(*tasks)
