# Issue 31 on the simulator: the pace of a unit left alone (app.power), the battery gauge, the
# warning on low cells after every transaction, brown-out's snapshot and light sleep (app.power).
import pytest

from app.power import QUIET_MS, QUIET_POLL_MS
from host_sim.virtual_unit import VirtualUnit

M = 1000000
QUIET_S = QUIET_MS / 1000


def _field_ons(unit: VirtualUnit) -> int:
    return unit.parts.green_reader.field_ons + unit.parts.red_reader.field_ons


def test_a_unit_left_alone_polls_slower_and_a_key_brings_the_games_pace_back() -> None:
    with VirtualUnit() as unit:
        unit.advance(1)
        start = _field_ons(unit)
        unit.advance(5)
        game = (_field_ons(unit) - start) / 5  # both readers, every 120 ms
        unit.advance(QUIET_S)
        start = _field_ons(unit)
        unit.advance(5)
        quiet = (_field_ons(unit) - start) / 5
        assert 16 <= game <= 17.5
        assert 2 * 1000 / QUIET_POLL_MS - 0.5 <= quiet <= 2 * 1000 / QUIET_POLL_MS + 0.2
        unit.press("5")  # a key: the game's pace again
        start = _field_ons(unit)
        unit.advance(2)
        assert (_field_ons(unit) - start) / 2 >= 16


def test_a_card_laid_in_a_quiet_unit_is_read_within_300_ms() -> None:
    """The slow pace still notices a card going in within 300 ms, in either slot, wherever in
    the cycle it arrives."""
    for offset_ms in range(0, QUIET_POLL_MS, 35):
        for slot, shown in ((0, "CARD 2 RECEIVES"), (1, "CARD 2 PAYS")):
            with VirtualUnit() as unit:
                unit.advance(QUIET_S + 1 + offset_ms / 1000)
                unit.parts.insert(slot, 2)
                unit.advance(0.3)
                assert unit.screen_text()[0] == shown, (offset_ms, slot)


def test_the_tick_keeps_the_standby_minute_at_the_slow_pace() -> None:
    with VirtualUnit() as unit:
        unit.advance(59.5)
        assert unit.screen_text() != []
        unit.advance(1.5)  # the standby's minute, a second's tick late at most
        assert unit.screen_text() == []
        unit.press("5")  # the key only wakes it
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]


def test_the_gauge_shows_on_batteries_and_not_on_usb() -> None:
    with VirtualUnit() as unit:
        assert not [i for i in unit.screen_icons() if i.startswith("battery")]  # USB power
        for mv, icon in ((4400, "battery_3"), (3800, "battery_2"), (3600, "battery_1")):
            unit.parts.battery.mv = mv
            unit.advance(15)  # read every 15 s
            assert [i for i in unit.screen_icons() if i.startswith("battery")] == [icon], mv
        assert unit.sounds() == []  # no warning above the low mark


def _two_transactions(unit: VirtualUnit) -> list:
    """Two credits, each with the screen's last line right after it is carried out."""
    lines = []
    for card, amount in ((1, "1M"), (2, "2M")):
        unit.insert(card=card, slot="green")
        unit.type(amount)  # M: the amount in millions, committed
        lines.append(unit.screen_text()[-1])
        unit.remove(slot="green")
        unit.advance(9)
    return lines


def test_low_cells_warn_after_every_transaction_and_refuse_nothing() -> None:
    with VirtualUnit() as usb:
        assert "BATTERY LOW" not in _two_transactions(usb)
        expected = [usb.balance(1), usb.balance(2)]
    assert expected == [16 * M, 17 * M]
    with VirtualUnit() as unit:
        unit.parts.battery.mv = 3400  # 8 %
        unit.advance(15)
        assert unit.sounds() == ["battery_low"]
        unit.advance(9)  # the first warning has gone
        assert "BATTERY LOW" not in unit.screen_text()
        assert _two_transactions(unit) == ["BATTERY LOW", "BATTERY LOW"]
        assert [unit.balance(1), unit.balance(2)] == expected  # carried out, as on USB
        assert unit.sounds().count("battery_low") == 0  # the cue sounded once, as the flag rose


def test_cells_near_brownout_snapshot_the_game_once() -> None:
    with VirtualUnit() as unit:
        unit.insert(card=1, slot="green")
        unit.type("3M")
        unit.remove(slot="green")
        store = unit.unit.store
        generation = store.generation
        assert store.log_records > 0
        unit.parts.battery.mv = 3250  # under the empty mark
        unit.advance(15)
        assert store.generation == generation + 1 and store.log_records == 0
        unit.advance(30)
        assert store.generation == generation + 1  # once, not at every reading
        unit.power_cycle()
        assert unit.balance(1) == 18 * M


# ---- light sleep in standby -----------------------------------------------------------------


def _standby_on_batteries(**options) -> VirtualUnit:
    unit = VirtualUnit(**options)
    unit.parts.battery.mv = 4100  # three fresh AA cells: no VBUS
    unit.advance(62)  # the minute without a key: standby, the display dark
    assert unit.screen_text() == []
    return unit


def test_standby_on_batteries_light_sleeps_between_polls() -> None:
    unit = _standby_on_batteries()
    try:
        asleep = unit.clock.asleep_total_us
        unit.advance(10)
        assert unit.clock.asleep_total_us - asleep > 9.5e6  # asleep 95 % of the time and more
        assert unit.unit.parked
    finally:
        unit.close()


def test_usb_power_keeps_the_unit_awake_in_standby() -> None:
    with VirtualUnit() as unit:  # on USB (4.75 V): the REPL must stay reachable
        unit.advance(70)
        assert unit.screen_text() == []
        assert unit.clock.asleep_total_us == 0 and not unit.unit.parked


@pytest.mark.parametrize("scanner", ["pio", "timer"])
def test_a_key_wakes_a_sleeping_unit_and_does_nothing_else(scanner) -> None:
    """Either keypad sampler (the PIO state machine, or the timer's on a board without it)
    parks for the sleep and samples again after it."""
    unit = _standby_on_batteries(**({"key_scanner": "timer"} if scanner == "timer" else {}))
    try:
        unit.press("5")  # a tap of 100 ms: caught by one of the 50 ms checks
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]
        assert not unit.unit.parked
        unit.insert(card=1, slot="green")  # awake now: the keys act
        unit.type("1M")
        assert unit.balance(1) == 16 * M
    finally:
        unit.close()


def test_asleep_the_readers_rest_a_key_wakes_it_and_the_card_is_read_then() -> None:
    """On batteries a sleeping unit polls no reader (the fields' current would spend most of
    the 30 days): a card laid on it waits for a key, which wakes the unit and does nothing else,
    then the card is read within 300 ms. A power cut while asleep loses nothing."""
    unit = _standby_on_batteries()
    try:
        ons = _field_ons(unit)
        unit.insert(card=2, slot="red")
        unit.advance(5)
        assert unit.screen_text() == [] and _field_ons(unit) == ons
        unit.press("5")
        unit.advance(0.3)
        assert unit.screen_text()[0] == "CARD 2 PAYS"
        unit.type("3M")
        unit.remove(slot="red")
        unit.advance(62)  # asleep again
        assert unit.unit.parked
        unit.power_cycle()  # the power goes while it sleeps
        assert unit.balance(2) == 12 * M
    finally:
        unit.close()


def test_standby_on_three_aa_cells_lasts_30_days() -> None:
    """The standby duty cycle measured now (the recorded chip costs), in the power model."""
    from host_sim.device_time import load_costs
    from tools.bench import devicetime
    from tools.hardware import power

    edition = "electronic_banking"
    standby = devicetime.standby_share(edition, {edition: load_costs()[edition]}, 10.0)
    assert standby["asleep"] > 0.98 and standby["field_ms_per_s"] == 0
    in_use = {"display_on": True, "asleep": 0.0, "busy": 0.08, "field_ms_per_s": 110.0}
    hours = power.battery_hours({"in_use": in_use, "standby": standby})
    assert hours["standby"] >= 720
