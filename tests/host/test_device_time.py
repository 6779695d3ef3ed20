"""Device-time mode (issue 14): each firmware step costs its time on the chip, from the bench's
cost table, so tests see what a player on the real unit would: keys lost while the unit was
busy, and how long a key takes to show. Keys are typed as clock events fixed up front (25 ms
down, 25 ms up: 20 keys a second), so a busy firmware cannot slow the typist down.

Before issue 14's keypad and render changes every test here failed (the keypad was scanned
by an asyncio task that a 40-50 ms render starved). The keypad is now scanned by the rp2 PIO
state machine (the software sampler's timer interrupt on boards without PIO) and no key is
lost. Key down to the last pixel, at the median, with the cost table of bench/device_costs.json
(2026-12-02, after issue 14's fifth round): 18.1-19.0 ms in the card editions (23.2-23.5 with
the timer sampler) and 29.1 ms on the Stock Exchange (38.6 before the PIO scanner, 30.8 before
the form's redraw of a typed value alone, 30.1 while a field's flash drawn just before a key
still held the key's redraw back for the rest of the render task's 40 ms; a digit typed into
the flashing field now also restarts its flash). A key is taken about 16 ms after it went down
(15 ms debounce, 1 ms scans), and the Stock Exchange's form keys that add a field, an amount
and a note, or an error bar send 310-460 I2C bytes (7-10 ms of wire at 400 kHz): its median
stays near the target. With issue 27's fixed costs (per hardware call, per step, per task
wake-up, calibrated to the chip's idle profile): 19.0-19.2 ms in the card editions and 29.3 ms
on the Stock Exchange.
"""

import statistics

import pytest

from drivers.keypad import Keypad
from host_sim import VirtualUnit
from host_sim.clock import VirtualClock
from host_sim.device_time import STEPS, load_costs, timer_wait_us
from host_sim.wire_time import time_i2c, time_spi
from peripherals.bus import I2C, SPI

FAST = {"down_ms": 25, "up_ms": 25}  # 20 keys a second
CARD_EDITIONS = ("electronic_banking", "revolution", "classic")
EDITIONS = CARD_EDITIONS + ("stock_exchange",)
AMOUNT = {"electronic_banking": "1.25M", "revolution": "1.25M", "classic": "1250"}
SE_FORM = ["bank_purchase", "1", "0", "5", "2", "cancel", "sell", "2", "1", "4"]
LATENCY_BUDGET_US = 30000


def typed_and_taken(unit: VirtualUnit, keys) -> tuple:
    """Types `keys` at 20 keys/s; (typed logical keys, keys the firmware took, typed with times,
    index of the first event taken)."""
    mark = len(unit.device.delivered)
    typed = unit.type(keys, **FAST)
    unit.advance(0.3)  # the last key's release and redraw
    return [key for key, _ in typed], unit.device.presses(mark), typed, mark


def assert_none_lost(unit: VirtualUnit, keys, where: str) -> None:
    typed, taken, _, _ = typed_and_taken(unit, keys)
    assert taken == typed, "%s, %s: typed %s, the unit took %s" % (
        unit.edition_name,
        where,
        " ".join(typed),
        " ".join(taken) or "nothing",
    )


def public(unit: VirtualUnit, logical: str) -> str:
    return [name for name, key in unit.keys.items() if key == logical][0]


# ---- the mode itself ---------------------------------------------------------------------------


def test_buses_take_their_wire_time_and_events_fire_during_it():
    clock = VirtualClock()
    i2c = I2C(0, freq=400000)
    written = []
    i2c.attach(0x3C, type("Part", (), {"i2c_write": lambda self, data: None})())
    time_i2c(i2c, clock, on_write=lambda address, n: written.append((n, clock.now_us)))
    fired = []
    clock.call_at(3000, lambda: fired.append(clock.now_us))
    i2c.writeto(0x3C, bytes(397))  # 398 bytes with the address: 398 x 9 / 400 kHz
    assert written == [(398, 8955)] and fired == [3000]
    spi = SPI(0, baudrate=4000000)
    time_spi(spi, clock)
    spi.write(bytes(2))  # 16 bits at 4 MHz
    assert clock.now_us == 8955 + 4


def test_the_cost_table_prices_every_step_of_every_edition():
    costs = load_costs()
    needed = {"scan_idle", "scan_event", "poll_empty", "poll_card_lying", "poll_card_in_or_out"}
    needed |= {"render_check", "render_draw", "render_per_call_ns", "piezo_step"}
    needed |= {how for how in STEPS.values() if how not in ("scan", "poll", "render")}
    for edition in EDITIONS:
        assert needed <= set(costs[edition]), (edition, needed - set(costs[edition]))
        assert all(isinstance(us, int) and us >= 0 for us in costs[edition].values())
        assert costs[edition]["scan_idle"] > 0 and costs[edition]["render_draw"] > 0


def test_drawing_through_the_page_view_is_charged():
    """A digit typed after a digit is drawn through the display's page view alone (ui.render's
    edit_entry): those calls are drawing too, charged as the bench's fit counts them."""
    with VirtualUnit(device_time=True) as unit:
        unit.insert(1, "green")
        unit.press("1", down_ms=60, up_ms=200)
        calls, renders = unit.device.canvas_calls, len(unit.device.step_us["render_sent"])
        unit.press("2", down_ms=60, up_ms=200)
        assert unit.device.canvas_calls > calls
        costs = load_costs()["electronic_banking"]
        drawn = unit.device.step_us["render_sent"][renders:]
        assert drawn and min(drawn) >= costs["render_check"] + costs["render_draw"]


def test_a_french_units_table_reads_are_charged_as_the_chip_reads_its_flash():
    """Issue 34: a line a French unit's table has not cached is read from the flash (ui.lang.Table:
    a seek and a readinto). Inside a step each read is charged table_reads_us (a LittleFS cache
    fill through the XIP window, two calls into C: about 144 us); a new screen reads its lines."""
    from host_sim.device_time import TableFile, table_reads_us
    from host_sim.lang_tables import SOURCES, parse

    with VirtualUnit(device_time=True, settings={"lang": "fr"}) as unit:
        device = unit.device
        table = unit.unit.screen.lang
        assert isinstance(table.file, TableFile)
        reads = device.table_reads
        unit.insert(1, "green")
        unit.advance(0.5)
        assert device.table_reads > reads  # the card's screen: lines not seen before
        entries = parse((SOURCES / "fr.txt").read_text())
        line = next(k for k in entries if "#" not in k and k not in table.kept)
        reads = device.table_reads
        busy = unit.clock.busy_total_us
        assert device.charged("tick", table)(line) == entries[line]
        assert device.table_reads == reads + 1
        read_us = table_reads_us(1, len(entries[line].encode()), device.cost("call_pin"))
        step_us = device.cost("tick") + device.cost("step_fixed")
        assert unit.clock.busy_total_us - busy == read_us + step_us
        assert 130 <= read_us <= 160
        assert device.charged("tick", table)(line) == entries[line]  # cached now
        assert device.table_reads == reads + 1


def test_keypad_samples_are_charged_by_what_they_read():
    samples = ("sample_idle", "sample_held", "sample_scan")
    table = {
        edition: dict(costs, sample_idle=11, sample_held=22, sample_scan=33)
        for edition, costs in load_costs().items()
    }
    with VirtualUnit(device_time=table, key_scanner="timer") as unit:
        unit.advance(1)
        device = unit.device
        before = {name: len(device.step_us.get(name, [])) for name in samples}
        matrix = unit.parts.keypad
        matrix.press(unit.keys["5"])
        unit.advance(0.2)  # 40 samples with the key down
        matrix.release(unit.keys["5"])
        unit.advance(0.1)  # 20 with none
        taken = {name: device.step_us.get(name, [])[before[name] :] for name in samples}
        assert len(taken["sample_scan"]) == 1  # the key going down: rows scanned once
        assert len(taken["sample_held"]) == 39  # then a probe of its row while it is held
        assert len(taken["sample_idle"]) == 20
        assert min(taken["sample_held"]) >= 22 and min(taken["sample_scan"]) >= 33
        del table["electronic_banking"]["sample_held"]  # a table from before the probe
        assert device.cost("sample_held") == 33  # charged as the scan it replaced


def test_the_pio_scanner_costs_only_its_drains():
    """With the rp2 state machine scanning, the CPU pays for each change the IRQ handler moves
    into the ring, and nothing per scan: no sample is charged at all."""
    table = {edition: dict(costs, drain=77) for edition, costs in load_costs().items()}
    with VirtualUnit(device_time=table) as unit:
        unit.advance(1)
        device = unit.device
        steps = {name: len(us) for name, us in device.step_us.items()}
        scans = unit.key_sm.scans
        unit.advance(1)  # idle: 1000 scans, no change
        assert unit.key_sm.scans - scans == 1000
        assert len(device.step_us.get("drain", [])) == steps.get("drain", 0)
        matrix = unit.parts.keypad
        matrix.press(unit.keys["5"])
        unit.advance(0.2)
        matrix.release(unit.keys["5"])
        unit.advance(0.1)
        drains = device.step_us["drain"][steps.get("drain", 0) :]
        assert len(drains) == 2 and min(drains) >= 77  # down, up
        assert not any(name.startswith("sample_") for name in device.step_us)
        del table["electronic_banking"]["drain"]  # a table from before the PIO scanner
        assert device.cost("drain") == table["electronic_banking"]["sample_held"]


def test_keys_change_at_their_scheduled_times_while_the_firmware_is_busy():
    with VirtualUnit(device_time=True) as unit:
        unit.insert(1, "green")
        busy = unit.clock.busy_total_us
        typed = unit.type("12", down_ms=25, up_ms=25)
        start = typed[0][1]
        assert typed == [("1", start), ("2", start + 50000)]
        assert unit.key_changes[-4:] == [
            ("1", True, start),
            ("1", False, start + 25000),
            ("2", True, start + 50000),
            ("2", False, start + 75000),
        ]
        assert unit.clock.busy_total_us - busy > 20000  # the firmware was busy meanwhile


def test_unhurried_taps_lose_nothing_and_are_drawn():
    """60 ms down and up: what the chip managed too (issue 14: 50 ms taps, 5 of 5 right)."""
    with VirtualUnit(device_time=True) as unit:
        unit.insert(1, "green")
        before = unit.balance(1)
        mark = len(unit.device.delivered)
        typed = unit.type("1.5M", down_ms=60, up_ms=60)
        unit.advance(0.3)
        assert unit.device.presses(mark) == list("1.5M")
        assert unit.balance(1) == before + 1500000  # M completes the amount: card 1 receives
        latencies = [us for _, us in unit.device.latencies(typed, mark)]
        assert all(us is not None and 0 < us < 200000 for us in latencies), latencies


def test_a_frame_ends_with_its_last_i2c_byte():
    with VirtualUnit(device_time=True) as unit:
        frames = unit.device.frames
        assert frames, "the boot screen is a frame"
        start, end, sent = frames[0]
        assert end - start >= sent * 9 * 1000000 // 400000  # at least its wire time


def test_an_empty_reader_poll_blocks_for_the_readers_timer():
    """No card answers the wake-up: the driver waits for the MFRC522's timer, as set by it."""
    with VirtualUnit(device_time=True) as unit:
        unit.advance(1.0)
        wait = timer_wait_us(unit.parts.green_reader.regs)
        assert wait > 0
        costs = load_costs()["electronic_banking"]
        calls = max(unit.device.step_calls["poll_empty"])  # SPI and chip-select Pin calls
        # the poll's own cost and the fixed costs of a step and of its calls (issue 27)
        own = costs["poll_empty"] + costs.get("step_fixed", 0) + costs.get("call_spi", 0) * calls
        polls = unit.device.step_us["poll_empty"]
        assert len(polls) >= 12  # two readers, about 8 polls a second each
        assert all(us > wait + own for us in polls)  # plus SPI wire time
        # ... and, now and then, a keypad timer interrupt that fell inside the poll
        assert min(polls) < wait + own + 200


# ---- the render task: keys' redraws are paced, an animation never holds one back -------------


def frame_after(unit: VirtualUnit, at_us: int) -> int:
    """Start of the first frame sent at or after at_us (a key taken then: its redraw)."""
    return min(start for start, _, _ in unit.device.frames if start >= at_us)


def test_a_blink_drawn_just_before_a_key_does_not_delay_its_redraw():
    """The Stock Exchange's active field flashes (a frame every 400 ms). A key taken a few
    ms after a flash was drawn is drawn at once: before, the render task kept render_ms
    (40 ms) after every drawing, the flash's too, and the key waited out the rest."""
    with VirtualUnit(edition="stock_exchange", device_time=True) as unit:
        unit.press("bank_purchase", down_ms=60, up_ms=200)  # a form: its TOKEN field flashes
        frames = len(unit.device.frames)
        for _ in range(1000):  # 1 ms steps until the next flash goes out
            unit.advance(0.001)
            if len(unit.device.frames) > frames:
                break
        flash = unit.device.frames[-1][0]
        mark = len(unit.device.delivered)
        unit.press("1", down_ms=60, up_ms=200)  # taken about 16 ms after the flash
        (_, _, taken), *_ = unit.device.delivered[mark:]
        assert taken - flash < unit.unit.render_ms * 1000  # inside the old wait
        # at once: the key's scan and the keypad task's wake-up (1.25 ms, issue 27), not 40 ms
        assert frame_after(unit, taken) - taken < 3000, (flash, taken, unit.device.frames[-3:])


def test_a_burst_of_keys_is_drawn_once_per_render_period():
    """Two digits taken 35 ms apart: the second one's redraw waits until render_ms after the
    first one's (a burst costs one redraw per period), and is drawn then."""
    with VirtualUnit(device_time=True) as unit:
        unit.insert(1, "green")
        unit.advance(0.5)
        mark = len(unit.device.delivered)
        unit.type("12", down_ms=20, up_ms=15)
        unit.advance(0.3)
        taken = [at for kind, _, at in unit.device.delivered[mark:] if kind == Keypad.PRESS]
        assert len(taken) == 2 and taken[1] - taken[0] < unit.unit.render_ms * 1000
        first, second = frame_after(unit, taken[0]), frame_after(unit, taken[1])
        # the render task paces on ticks_ms: a frame's start in us is within 1 ms of its tick
        assert second - first >= unit.unit.render_ms * 1000 - 1000
        assert second - first < unit.unit.render_ms * 1000 + 2000
        assert unit.screen_text()[-1] != "" and "12" in " ".join(unit.screen_text())


# ---- issue 14: no key lost at 20 keys/s, in every edition and screen --------------------------


@pytest.mark.parametrize("edition", CARD_EDITIONS)
def test_fast_taps_lose_no_key_in_amount_entry(edition):
    with VirtualUnit(edition=edition, device_time=True) as unit:
        unit.insert(1, "green")
        assert_none_lost(unit, AMOUNT[edition], "amount entry")


def test_fast_taps_lose_no_key_with_the_timer_sampler():
    """The software sampler (boards without PIO, and the web board) under the same load."""
    with VirtualUnit(device_time=True, key_scanner="timer") as unit:
        unit.insert(1, "green")
        assert_none_lost(unit, AMOUNT["electronic_banking"], "amount entry, timer sampler")


def test_fast_taps_lose_no_key_in_a_stock_exchange_form():
    with VirtualUnit(edition="stock_exchange", device_time=True) as unit:
        assert_none_lost(unit, SE_FORM, "transaction form")


@pytest.mark.parametrize("edition", CARD_EDITIONS)
def test_fast_taps_lose_no_key_in_a_transfer(edition):
    with VirtualUnit(edition=edition, device_time=True) as unit:
        unit.insert(1, "red")
        unit.insert(2, "green")
        assert_none_lost(unit, AMOUNT[edition], "transfer with both cards in")


@pytest.mark.parametrize("edition", EDITIONS)
def test_fast_taps_lose_no_key_in_the_settings_menu(edition):
    with VirtualUnit(edition=edition, device_time=True) as unit:
        unit.open_settings()
        ok, back, after, before = unit.config.menu_keys()
        unit.press(public(unit, ok))  # SURE? yes: the first item
        keys = [public(unit, key) for key in (after, after, after, before, after, before)]
        assert_none_lost(unit, keys, "settings menu")


def test_fast_taps_lose_no_key_while_the_market_screens_turn():
    with VirtualUnit(edition="stock_exchange", device_time=True) as unit:
        unit.advance(3.9)  # the first screen turns at about 4 s
        keys = ["confirm", "confirm", "0", "3", "confirm", "1", "9", "confirm", "confirm"]
        assert_none_lost(unit, keys, "market screens turning")


# ---- issue 14: key down to the last pixel of its redraw, 30 ms at the median -------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_key_shows_within_30_ms_at_the_median(edition):
    with VirtualUnit(edition=edition, device_time=True) as unit:
        if edition == "stock_exchange":
            keys = SE_FORM
        else:
            unit.insert(1, "green")
            keys = AMOUNT[edition]
        typed = []
        mark = len(unit.device.delivered)
        for key in keys:  # one at a time, so that no key waits behind the last one's redraw
            typed += unit.press(key, down_ms=60, up_ms=200)
        measured = [us for _, us in unit.device.latencies(typed, mark) if us is not None]
        assert len(measured) == len(typed)
        median = statistics.median(measured)
        # (The Stock Exchange's median is 29.2 ms with the costs recorded on 2026-12-06 after
        # issues 30 and 31, 30.2 with those of the day's first record: its keys land on the
        # keypad's 1 ms scan grid, so a few us in a step can move each by a millisecond.)
        budget = LATENCY_BUDGET_US
        assert median <= budget, "%s: key down to last pixel %s us (median %d)" % (
            edition,
            measured,
            median,
        )


@pytest.mark.parametrize("edition", ["electronic_banking", "revolution"])
def test_a_k_or_m_commit_shows_within_35_ms(edition):
    """Issue 31: the key that commits a K/M amount (the record on flash first) to the last
    pixel of the screen that says it is done, at most 35 ms, paying and receiving."""
    with VirtualUnit(edition=edition, device_time=True) as unit:
        measured = []
        for turn, (slot, unit_key) in enumerate(
            (("red", "K"), ("green", "K"), ("green", "M"), ("red", "M"))
        ):
            unit.insert(1, slot)
            unit.advance(0.5)
            for key in "20":
                unit.press(key, down_ms=60, up_ms=200)
            before = unit.balance(1)
            mark = len(unit.device.delivered)
            typed = unit.press(unit_key, down_ms=60, up_ms=400)
            assert unit.balance(1) != before, turn
            measured += [us for _, us in unit.device.latencies(typed, mark)]
            unit.remove(slot=slot)
            unit.advance(0.5)
        assert None not in measured and max(measured) <= 35000, measured
