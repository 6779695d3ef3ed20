# Issue 31 on the simulator: a still unit on batteries dozes with its screen lit (app.power):
# light sleep between the readers' steps, the picture kept, no tap lost, cards still read.
import pytest

from app.power import DOZE_AFTER_MS, QUIET_MS
from drivers.keypad import Keypad
from host_sim.virtual_unit import VirtualUnit

M = 1000000
QUIET_S = QUIET_MS / 1000
STILL_S = DOZE_AFTER_MS / 1000 + 1.5  # (the screen changes once more a second after a card)
ON_BATTERIES_MV = 4100  # three fresh AA cells: no VBUS
BATTERY_CHECK_S = 15.5  # app.unit.BankUnit.battery_ms, and a little


def _still_on_batteries(seconds: float = STILL_S, **options) -> VirtualUnit:
    unit = VirtualUnit(device_time=True, **options)
    unit.parts.battery.mv = ON_BATTERIES_MV
    unit.advance(BATTERY_CHECK_S)  # the gauge comes on the title line: something new to see
    unit.insert(card=1, slot="green")
    unit.advance(seconds)
    return unit


def _field_ons(unit: VirtualUnit) -> int:
    return unit.parts.green_reader.field_ons + unit.parts.red_reader.field_ons


def test_a_still_unit_dozes_and_its_readers_keep_the_games_pace() -> None:
    """Two seconds after the last change on the screen: dozing, the readers still read
    every 120 ms."""
    unit = _still_on_batteries(1.5)
    try:
        still_ms = unit.clock.ms() - unit.unit.busy_at
        unit.advance((DOZE_AFTER_MS - still_ms - 300) / 1000)
        assert not unit.unit.parked  # still awake just before
        unit.advance(0.6)
        assert unit.unit.parked
        asleep, ons = unit.clock.asleep_total_us, _field_ons(unit)
        unit.advance(3)
        assert (unit.clock.asleep_total_us - asleep) / 3e6 > 0.6
        assert 15 <= (_field_ons(unit) - ons) / 3 <= 17.5  # both readers, every 120 ms
    finally:
        unit.close()


def test_a_quiet_unit_on_batteries_dozes_with_its_picture_kept() -> None:
    unit = _still_on_batteries(QUIET_S + 1)
    try:
        shown = unit.screen_text()
        frames = len(unit.device.frames)
        asleep = unit.clock.asleep_total_us
        unit.advance(5)
        share = (unit.clock.asleep_total_us - asleep) / 5e6
        assert share > 0.8, share  # the readers' cycles and the 10 ms checks are the rest
        assert unit.unit.parked and unit.unit.active.awake
        assert unit.screen_text() == shown and shown[0] == "CARD 1 RECEIVES"
        assert len(unit.device.frames) == frames  # nothing drawn: the panel kept its picture
    finally:
        unit.close()


def test_usb_power_never_dozes() -> None:
    with VirtualUnit(device_time=True) as unit:  # 4.75 V: USB, the REPL must stay reachable
        unit.insert(card=1, slot="green")
        unit.advance(QUIET_S + 5)  # still, then quiet
        assert unit.clock.asleep_total_us == 0 and not unit.unit.parked


TAPS = [(ms, "pio") for ms in range(0, 280, 23)] + [(0, "timer"), (150, "timer")]


@pytest.mark.parametrize("offset_ms, scanner", TAPS)
def test_no_25_ms_tap_is_lost_while_dozing(offset_ms, scanner) -> None:
    """A 25 ms tap wherever it falls in the readers' cycle and the 5 ms checks: the digit is
    typed, once, and the unit keeps the game's pace again. Either keypad sampler (the PIO
    state machine, or the timer's on a board without it)."""
    unit = _still_on_batteries(**({"key_scanner": "timer"} if scanner == "timer" else {}))
    try:
        unit.advance(offset_ms / 1000)
        assert unit.unit.parked
        mark = len(unit.device.delivered)
        unit.type("5", down_ms=25, up_ms=200)
        presses = [key for kind, key, _ in unit.device.delivered[mark:] if kind == Keypad.PRESS]
        assert presses == ["5"], offset_ms
        assert not unit.unit.parked
        unit.type("M")
        assert unit.balance(1) == 20 * M
    finally:
        unit.close()


def test_a_held_key_is_one_press_and_its_hold_counts_from_the_check() -> None:
    """A key held while dozing: one press, and no doze while it is down (its hold is timed)."""
    unit = _still_on_batteries()
    try:
        mark = len(unit.device.delivered)
        unit.hold("C", 1.5)
        kinds = [kind for kind, _, _ in unit.device.delivered[mark:]]
        assert kinds == [Keypad.PRESS, Keypad.RELEASE]
    finally:
        unit.close()


def test_a_card_laid_in_while_dozing_is_read_within_300_ms() -> None:
    unit = _still_on_batteries()
    try:
        unit.remove(slot="green")
        unit.advance(STILL_S)
        assert unit.unit.parked
        unit.parts.insert(1, 2)
        unit.advance(0.3)
        assert unit.screen_text()[0] == "CARD 2 PAYS"
    finally:
        unit.close()


def test_a_power_cut_while_dozing_loses_nothing() -> None:
    unit = _still_on_batteries()
    try:
        unit.type("2M")
        unit.advance(STILL_S)
        assert unit.unit.parked
        unit.power_cycle()
        assert unit.balance(1) == 17 * M
    finally:
        unit.close()


def test_a_game_at_the_table_lasts_60_hours_on_three_aa_cells() -> None:
    """The in-use duty cycle measured now (the recorded chip costs: a turn every 30 s, dozing
    between turns), in the power model; non-stop play, never still for 2 s, lasts less."""
    from host_sim.device_time import load_costs
    from tools.bench import devicetime
    from tools.hardware import power

    edition = "electronic_banking"
    table = {edition: load_costs()[edition]}
    in_use = devicetime.table_share(edition, table, 2)
    assert in_use["display_on"] and in_use["asleep"] > 0.6
    non_stop = dict(in_use, asleep=0.0)
    hours = power.battery_hours({"in_use": in_use, "non_stop": non_stop})
    assert hours["in_use"] >= 60 > hours["non_stop"]
