# Battery driver on a fake ADC fed by a virtual battery: millivolts, percent, low flag.
from drivers.battery import Battery
from peripherals.battery_source import BatterySource
from peripherals.bus import ADC, Pin


def make(mv, divider=3, noise=0, **settings):
    source = BatterySource(mv, divider, noise)
    return source, Battery(ADC(Pin(29), source=source), divider=divider, **settings)


def test_adc_counts_become_millivolts_through_the_divider():
    battery = Battery(ADC(Pin(29), source=lambda: 32768))
    assert battery.read_mv() == 4950  # half scale: 1.65 V at the pin, times 3
    assert Battery(ADC(Pin(29), source=lambda: 65535)).read_mv() == 9900
    assert Battery(ADC(Pin(29), source=lambda: 0)).read_mv() == 0
    assert Battery(ADC(Pin(29), source=lambda: 32768), divider=2).read_mv() == 3300


def test_a_virtual_battery_reads_back_within_a_millivolt():
    for mv in (3000, 3300, 3712, 4200, 4500, 5000):
        _, battery = make(mv)
        assert abs(battery.read_mv() - mv) <= 1, mv
        assert battery.last_mv == battery.read_mv()


def test_samples_are_averaged():
    source, battery = make(4000, noise=3000, samples=8)
    assert abs(battery.read_mv() - 4000) <= 1  # +-3000 counts (+-450 mV) cancel out
    assert source.reads == 8
    source, single = make(4000, noise=3000, samples=1)
    assert abs(single.read_mv() - 4000) > 400  # one sample shows the noise


def test_percent_is_linear_and_clamped():
    cases = ((2500, 0), (3300, 0), (3600, 25), (3900, 50), (4500, 100), (4700, 100))
    for mv, percent in cases:
        _, battery = make(mv)
        assert battery.percent() == percent, mv
    _, battery = make(3780, empty_mv=3000, full_mv=4200)
    assert battery.percent() == 65


def test_low_flag_sets_at_the_threshold_and_clears_with_hysteresis():
    source, battery = make(4000)  # low_percent 15: 3480 mV; clears at 20 %: 3540 mV
    assert not battery.low()
    source.mv = 3500  # 16 %
    assert not battery.low()
    source.mv = 3480  # 15 %
    assert battery.low()
    source.mv = 3530  # 19 %: back above the threshold, not yet above the hysteresis
    assert battery.low()
    source.mv = 3540  # 20 %
    assert not battery.low()
    source.mv = 3500  # 16 %: the flag stays clear
    assert not battery.low()


def test_bad_settings_are_refused():
    for settings in ({"empty_mv": 4500, "full_mv": 3300}, {"samples": 0}):
        try:
            make(4000, **settings)
        except ValueError:
            continue
        raise AssertionError(settings)


def test_the_gauge_has_four_levels_and_none_on_usb():
    """Issue 31: 0 (low) to 3 bars from the last reading; USB power (VSYS over 4.6 V) shows
    none; the low flag's hysteresis holds the gauge at 0 until the cells recover."""
    cases = ((4750, None), (4450, 3), (4030, 3), (3800, 2), (3730, 2), (3600, 1), (3400, 0))
    for mv, level in cases:
        source, battery = make(mv)
        battery.low()
        assert battery.gauge() == level, mv
    source, battery = make(3400)
    assert battery.low() and battery.gauge() == 0
    source.mv = 3520  # 18 %: over the mark, under mark + hysteresis
    assert battery.low() and battery.gauge() == 0
    source.mv = 3600
    assert not battery.low() and battery.gauge() == 1


def test_near_brownout_is_the_empty_mark_of_the_last_reading():
    source, battery = make(3400)
    assert not battery.near_brownout()  # nothing read yet: no alarm
    battery.low()
    assert not battery.near_brownout()
    source.mv = 3300
    battery.low()
    assert battery.near_brownout()
    source.mv = 3250
    reads = source.reads
    assert battery.near_brownout() is True and source.reads == reads  # no ADC read of its own
