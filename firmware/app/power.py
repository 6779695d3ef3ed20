# How the unit spends power (issue 31): the pace of its periodic work, light sleep on
# batteries (in standby, and dozing with the screen lit), and the battery: the gauge on the
# title line, a warning after every transaction while the cells are low (the transaction
# itself is carried out: a low battery never refuses or loses money), and a snapshot of the
# state as the cells near brown-out, so that the last boot on them replays no journal.
# Functions of the unit, bound as its methods (app.unit).
#
# The pace: on the chip most of an idle unit's CPU is wake-ups and reader polls (a task
# wake-up costs about 1.25 ms beside its step, a poll of an empty reader about 1.8 ms:
# tools/bench/chip_profile.json), so at the game's pace (both readers every 120 ms, a tick
# every 100 ms) an idle unit is 7-8 % busy. "Quiet" is 10 s with no key event and nothing new
# on the screen: a blink, a countdown, a scrolling text or a turning market screen keep a unit
# busy, so nothing the players watch ever runs at the slow pace, and a deadline the tick keeps
# while quiet (a question's 15 s, the standby's minute) may fall up to a second late. The
# issue asked for a quiet minute; Electronic Banking goes to standby after one, so the awake
# unit would never have been quiet.
#
# Light sleep (machine.lightsleep, the board's `lightsleep`): a unit in standby on batteries
# sleeps with the clocks stopped but the timer's, and nothing runs: about 1.5 mA from USB on a
# Pico, where an awake idle Pico draws 20 (MicroPython's rp2 lightsleep commit b004e7e). The
# readers stay in soft power-down, not polled: a key wakes the unit, as on the original units,
# and a card is read once it is awake (polling them even every few seconds would cost most of
# the 30 days of standby on 3 AA cells: hardware/power.md). The keypad's sampler stops with the
# clocks, so the rows are held low and the columns read after every 50 ms of sleep: a key held
# that long wakes the unit, and does nothing else, as any waking key. Never on USB power (the
# board's `vbus` pin reads 1), so a unit on mpremote or the REPL stays reachable and a card
# laid on it still wakes it; nor while a sound plays or a frame is due.
#
# Dozing: a unit on batteries with its screen lit light-sleeps too, once nothing has been
# pressed, laid or drawn for 2 s: between the readers' cycles and through their cards' power-up
# waits (the readers keep their pace: a card laid in is read as fast as awake), the keypad
# parked and its columns read every 5 ms. Most of a game at the table is that: a turn's
# transaction, then half a minute of dice and moves. The reading a check takes is the
# sampler's first, so the key acts as any key; it is debounced from the check, at most a few ms
# after the key went down: a 25 ms tap is never lost, a 20 ms one may be when a card's read
# falls between two checks (typing fast, the keys come within 2 s: the unit is awake).
from compat.const import const
from compat.ticks import ticks_add, ticks_diff

QUIET_MS = 10000  # this long without a key or a change on the screen: the slow pace
# The readers' cycle once quiet, and in standby on USB: a card laid in is still read within
# 300 ms (the cycle, as its field comes on at most one cycle after the card arrives).
QUIET_POLL_MS = 280
DOZE_AFTER_MS = 2000  # on batteries, this long without a key, a card or a change on screen: doze
_QUIET_TICK_MS = const(1000)
_ASLEEP_MS = const(1000)  # light-sleeping: the readers' task wakes this often (the tick runs)
_WAKE_CHECK_MS = const(50)  # a key held this long wakes a sleeping unit (a tap: 80 ms and more)
# Dozing, the columns are read this often, also while the readers' cards power up: with a
# poll's step between two checks, a 25 ms tap is seen with the debounce (15 ms,
# drivers.keypad_ring) still to go.
_DOZE_CHECK_MS = const(5)


def asleep(unit) -> bool:
    """Light-sleeping in standby: the readers rest (a key wakes the unit). Dozing, the keypad
    is parked too, but the readers keep their pace."""
    return unit.parked and not unit.active.awake


def poll_period_ms(unit, now: int) -> int:
    """From one cycle of the readers to the next (both read in each)."""
    if asleep(unit):
        return _ASLEEP_MS
    if unit.active.awake and ticks_diff(now, unit.busy_at) < QUIET_MS:
        return unit.reader_poll_ms
    return QUIET_POLL_MS


def tick_period_ms(unit, now: int) -> int:
    """From one tick to the next: the slow pace once quiet, and in standby."""
    if unit.active.awake and ticks_diff(now, unit.busy_at) < QUIET_MS:
        return unit.tick_ms
    return _QUIET_TICK_MS


def _still(unit) -> bool:
    """On batteries, nothing sounding, no frame due: the clocks may stop."""
    if unit.sleeper is None:
        return False
    vbus = unit.vbus
    if vbus is not None and vbus.value():
        return False  # USB power: the host may be talking to the REPL
    piezo = unit.piezo
    if piezo is not None and piezo.busy():
        return False
    return not (unit.render_flag is not None and unit.render_flag.is_set())


def can_sleep(unit) -> bool:
    """Whether the unit may light-sleep now: in standby, on batteries, nothing to sound or draw."""
    return not unit.active.awake and not unit.display_powered and _still(unit)


def can_doze(unit, now: int) -> bool:
    """Whether the unit may light-sleep with its screen lit (it keeps its picture: the panel
    has its own memory): still for DOZE_AFTER_MS, on batteries, nothing to sound or draw, no
    key down."""
    if not unit.active.awake or not unit.display_powered:
        return False
    if ticks_diff(now, unit.busy_at) < DOZE_AFTER_MS:
        return False
    keypad = unit.keypad_on
    if keypad is None or not keypad.idle():
        return False
    return _still(unit)


def rest(unit, ms: int) -> int:
    """The readers' waits (for a card's power-up, for the next cycle): light sleep on
    batteries, in standby or dozing (the keypad parked until a key or the end of either).
    Returns the ms left for the task to wait in asyncio: all of them when it may not sleep, 0
    after a sleep."""
    standby = can_sleep(unit)
    if not standby and not can_doze(unit, unit.clock()):
        if unit.parked:
            unpark(unit)
        return ms
    keypad = unit.keypad_on
    if not unit.parked:
        keypad.park()
        unit.parked = True
    check = _WAKE_CHECK_MS if standby else _DOZE_CHECK_MS
    end = ticks_add(unit.clock(), ms)
    bits = keypad.parked_reading()
    while not bits:
        left = ticks_diff(end, unit.clock())
        if left <= 0:
            return 0
        try:
            unit.sleeper(left if left < check else check)
        except Exception:  # noqa: BLE001 - a port whose lightsleep refuses: the unit never
            unit.sleeper = None  # sleeps again, awake with its keypad sampling, its task alive
            unpark(unit)
            return left
        bits = keypad.parked_reading()
    if not standby:
        # The reading is the sampler's first: the key is debounced from it, and acts as any
        # key does once the sampler, started again, has seen it held (a 25 ms tap: 15 ms more)
        keypad.record(unit.clock(), bits)
        unpark(unit)
        return 0
    key = keypad.parked_key()
    unpark(unit)  # the keypad samples again; the key wakes the unit now, before any card is
    now = unit.clock()  # read, and its press and release, when they come, do nothing else
    if key is not None:
        unit.active.key_down(key, now)
    unit.settle()
    unit.stepped(now)
    return 0


def unpark(unit) -> None:
    """The keypad samples again: started afresh by the keypad task's next scan."""
    unit.keypad_on.unpark()
    unit.parked = False
    unit.keypad_on = None  # app.unit.scan_keys starts it (start(), not a new baseline)
    if unit.key_flag is not None:
        unit.key_flag.set()


def check_battery(unit, now: int) -> None:
    """Reads the battery (every battery_ms): the gauge, the low flag's warning as it rises."""
    battery = unit.battery
    if battery is None:
        return
    low = battery.low()
    unit.battery_level = battery.gauge()
    if low and not unit.battery_low:  # the cue once as the flag rises; the icon stays
        warn(unit, now)
        unit.play("battery_low")
    unit.battery_low = low
    if not battery.near_brownout():
        if not low:
            unit.brownout_saved = False  # fresh cells: the next brown-out saves again
    elif not unit.brownout_saved and not unit.storage_broken and not unit.edition.outbox:
        # compact() is False when the flash refused: tried again at the next reading
        unit.brownout_saved = unit.store.compact(unit.edition.snapshot_records())


def warn(unit, now: int) -> None:
    """The notice line says BATTERY LOW for notice_ms."""
    unit.battery_notice = True
    unit.battery_notice_at = now


def stored(unit) -> None:
    """A record of the game is durable (app.storage_handoff): on low cells, the warning again."""
    if unit.battery_low:
        warn(unit, unit.clock())
