"""The keypad sampled apart from the tasks on the virtual clock, by the rp2 PIO state machine (as
on a Pico) and by the software sampler's timer interrupt: no key lost behind a slow step, no
wake-up while idle, redraws only when the screen changed (issue 14, item 1)."""

import pytest

from host_sim import VirtualUnit

SCANNERS = pytest.mark.parametrize("scanner", ["pio", "timer"])

M = 1000000
START = 15 * M
MS = 1000  # virtual microseconds in a millisecond


def tap_at(unit: VirtualUnit, text: str, start_us: int, down_ms: int = 25, up_ms: int = 25):
    """Schedule taps as hardware events: each key down for down_ms, then up for up_ms."""
    matrix = unit.parts.keypad
    at = start_us
    for char in text:
        key = unit.keys[char]
        unit.clock.call_at(at, lambda key=key: matrix.press(key))
        unit.clock.call_at(at + down_ms * MS, lambda key=key: matrix.release(key))
        at += (down_ms + up_ms) * MS
    return at


def slow_panel(unit: VirtualUnit, busy_ms: int) -> list:
    """Every frame or window sent to the panel blocks the firmware for busy_ms (a 30-40 ms
    render on the chip); returns the list of virtual times (us) at which they were sent."""
    display = unit.unit.display
    sent = []

    def blocking(send):
        def blocking_send(*args, **kwargs):
            result = send(*args, **kwargs)
            sent.append(unit.clock.now_us)
            unit.clock.busy_us(busy_ms * MS)
            return result

        return blocking_send

    # A whole-frame show() and the typed character's show_window() both block.
    display.show = blocking(display.show)
    display.show_window = blocking(display.show_window)
    return sent


@SCANNERS
def test_25_ms_taps_at_20_keys_a_second_are_all_seen_behind_40_ms_renders(scanner):
    for phase_ms in (0, 2, 3):  # against the 5 ms sampling
        with VirtualUnit(key_scanner=scanner) as unit:
            unit.insert(1, "green")
            unit.advance(1.5)
            slow_panel(unit, 40)
            end = tap_at(unit, "1.5M", unit.clock.now_us + (100 + phase_ms) * MS)
            unit.advance((end - unit.clock.now_us) / 1e6 + 0.5)
            assert unit.balance(1) == START + 1500000, phase_ms  # not 15M, not 1.5 lost


@SCANNERS
def test_a_key_changing_while_a_step_is_busy_is_still_seen(scanner):
    with VirtualUnit(key_scanner=scanner) as unit:
        unit.insert(1, "green")
        unit.advance(1.5)
        edition = unit.unit.edition
        key_down = edition.key_down

        def slow_key_down(key, now):
            key_down(key, now)
            unit.clock.busy_us(40 * MS)  # the whole next tap happens meanwhile

        edition.key_down = slow_key_down
        end = tap_at(unit, "20K", unit.clock.now_us + 100 * MS)
        unit.advance((end - unit.clock.now_us) / 1e6 + 0.5)
        assert unit.balance(1) == START + 20000


@SCANNERS
def test_a_chattering_key_is_typed_once(scanner):
    with VirtualUnit(key_scanner=scanner) as unit:
        unit.insert(1, "green")
        unit.advance(1.5)
        matrix = unit.parts.keypad
        for key in ("2", "M"):
            matrix.press(key)
            matrix.bounce(key, 5)
            unit.advance(0.1)
            matrix.release(key)
            matrix.bounce(key, 5)
            unit.advance(0.1)
        assert unit.balance(1) == START + 2 * M


@SCANNERS
def test_an_idle_unit_never_wakes_its_keypad_task_nor_redraws(scanner):
    with VirtualUnit(key_scanner=scanner) as unit:
        unit.advance(2)
        keypad = unit.unit.keypad
        scans = []
        scan = keypad.scan
        keypad.scan = lambda now: scans.append(now) or scan(now)
        renders = []
        render = unit.unit.render_screen
        unit.unit.render_screen = lambda now: renders.append(now) or render(now)
        sampled = unit.key_timer.calls
        pio_scans = unit.key_sm.scans if scanner == "pio" else 0
        drains = keypad.drains if scanner == "pio" else 0
        unit.advance(10)
        assert scans == []  # 2000 samples (or 10000 PIO scans) taken, not one task wake-up
        if scanner == "pio":
            assert unit.key_sm.scans - pio_scans == 10000 and unit.key_timer.calls == sampled
            assert keypad.drains == drains  # no IRQ either
        else:
            assert unit.key_timer.calls - sampled == 2000 and unit.key_sm is None
        assert renders == []
        unit.press("5")  # a key still wakes it, and the screen follows (no card: a message)
        assert scans and renders


@SCANNERS
def test_a_burst_of_keys_redraws_at_most_every_40_ms(scanner):
    with VirtualUnit(key_scanner=scanner) as unit:
        unit.insert(1, "green")
        unit.advance(1.5)
        sent = slow_panel(unit, 0)
        end = tap_at(unit, "12345", unit.clock.now_us + 100 * MS, 25, 10)  # 28 keys/s
        unit.advance((end - unit.clock.now_us) / 1e6 + 0.3)
        assert "12345" in unit.screen_text()
        # A redraw of several regions sends a window each, at the same moment (ui.render).
        redraws = sorted(set(sent))
        gaps = [b - a for a, b in zip(redraws, redraws[1:], strict=False)]
        # The render task paces by ticks_ms (whole ms): 40 ms apart by that clock can be
        # 39.001 ms in microseconds. Keys come 35 ms apart: unpaced, the gaps would be 35 ms.
        assert len(redraws) >= 3 and min(gaps) > 39 * MS
