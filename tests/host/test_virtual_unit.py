"""The VirtualUnit API: the public names, the errors, and the real firmware behind them."""

import pathlib

import pytest

from host_sim import VirtualUnit, VirtualUnitError

START = 15000000


@pytest.fixture
def unit():
    with VirtualUnit(edition="electronic_banking", board="pico", seed=0) as made:
        yield made


def test_documented_example(unit: VirtualUnit) -> None:
    unit.insert(card=2, slot="green")
    unit.advance(1.2)
    assert unit.screen_text() == ["CARD 2 RECEIVES", "15M"]
    unit.press("5")
    unit.press("K")
    assert unit.screen_text() == ["CARD 2 RECEIVES", "5", "MIN 10K"]  # 5K is under the minimum
    assert "error" in unit.sounds()
    assert unit.balance(2) == START
    unit.press("C")
    unit.type("50K")
    assert unit.balance(2) == START + 50000
    assert unit.sounds()[-1] == "credit"
    assert unit.sounds() == []  # since the last call


def test_tones_are_what_the_piezo_sounded(unit: VirtualUnit) -> None:
    unit.tones()
    unit.insert(card=1, slot="red")
    heard = unit.tones()
    assert heard and all(freq > 0 for freq, _ in heard if freq)
    assert sum(ms for _, ms in heard) < 1000


def test_hold_c_starts_a_new_game(unit: VirtualUnit) -> None:
    unit.insert(card=1, slot="green")
    unit.type("3M")
    unit.remove("green")
    unit.hold("C", seconds=2.5)
    assert unit.screen_text()[0] == "NEW GAME?" and unit.balance(1) == START + 3000000
    unit.press("go")  # confirm
    assert unit.balance(1) == START
    assert "new_game" in unit.sounds()


def test_standby_and_wake(unit: VirtualUnit) -> None:
    unit.advance(seconds=61)
    assert unit.screen_text() == []
    assert not any(any(row) for row in unit.screen_pixels())
    unit.press("1")
    assert "INSERT A CARD" in unit.screen_text()


def test_power_cycle_keeps_the_flash_and_the_cards_in_their_slots(unit: VirtualUnit) -> None:
    unit.insert(card=4, slot="red")
    unit.type("2M")
    unit.power_cycle()
    assert unit.balance(4) == START - 2000000
    unit.advance(1.5)
    assert "13M" in unit.screen_text()  # the card still lying in RED is read again


def test_flash_dir_is_kept_between_units(tmp_path: pathlib.Path) -> None:
    with VirtualUnit(flash_dir=str(tmp_path)) as first:
        first.insert(card=3, slot="green")
        first.type("1M")
    with VirtualUnit(flash_dir=str(tmp_path)) as second:
        assert second.balance(3) == START + 1000000


def test_screenshot_is_a_png_of_the_panel(unit: VirtualUnit, tmp_path: pathlib.Path) -> None:
    from PIL import Image

    unit.insert(card=2, slot="green")
    path = tmp_path / "shot.png"
    unit.screenshot(str(path), scale=2)
    image = Image.open(path)
    assert image.size == (256, 128)
    assert image.getbbox() is not None  # something is lit


def test_bad_calls_raise_clear_errors(unit: VirtualUnit) -> None:
    with pytest.raises(VirtualUnitError, match="no key 'zone'"):
        unit.press("zone")
    unit.insert(card=2, slot="green")
    with pytest.raises(VirtualUnitError, match="already in the green slot"):
        unit.insert(card=2, slot="red")
    with pytest.raises(VirtualUnitError, match="already holds card 2"):
        unit.insert(card=3, slot="green")
    with pytest.raises(VirtualUnitError, match="'green' or 'red'"):
        unit.insert(card=3, slot="blue")
    with pytest.raises(VirtualUnitError, match="empty"):
        unit.remove("red")
    with pytest.raises(VirtualUnitError, match="forward"):
        unit.advance(-1)


def test_editions_not_built_yet_are_refused() -> None:
    with pytest.raises(VirtualUnitError, match="not built yet"):
        VirtualUnit(edition="monopoly_junior")


def test_an_unenrolled_card_is_refused_by_the_firmware(unit: VirtualUnit) -> None:
    unit.insert(card=9, slot="green")
    assert "UNKNOWN CARD" in unit.screen_text()
    assert "error" in unit.sounds()


def test_every_board_file_runs() -> None:
    for board in ("pico", "pico_w", "pico2"):
        with VirtualUnit(board=board) as made:
            made.insert(card=1, slot="green")
            made.type("10K")
            assert made.balance(1) == START + 10000


def test_advance_by_durations_that_are_not_whole_microseconds(unit: VirtualUnit) -> None:
    before = unit.clock.now_us
    for seconds in (0.0519483, 1e-7, 0.3333333, 2.71828182):
        unit.advance(seconds)  # used to spin for ever on a sub-microsecond timer jump
    assert unit.clock.now_us - before >= int((0.0519483 + 0.3333333 + 2.71828182) * 1e6)


def test_a_refused_call_leaves_the_unit_as_it_was(unit: VirtualUnit) -> None:
    """Issue 17: hold("C", seconds=-1) used to leave C down (NEW GAME? three seconds later), and
    type("12x") pressed 1 and 2 before refusing x. Now each is checked before any key moves."""
    unit.insert(card=2, slot="green")
    unit.advance(1.2)
    before = unit.screen_text()
    unit.sounds()
    with pytest.raises(VirtualUnitError):
        unit.hold("C", seconds=-1)
    unit.advance(3)
    assert unit.screen_text() == before  # no NEW GAME? question: C never went down
    with pytest.raises(VirtualUnitError):
        unit.type("12x")
    unit.advance(0.5)
    assert unit.screen_text() == before and unit.sounds() == []  # neither 1 nor 2 was typed
    unit.type("20K")
    assert unit.balance(2) == START + 20000


def test_the_unit_names_the_edition_its_settings_chose() -> None:
    """--set edition=... builds the firmware for one edition and runs another: the unit's
    messages and edition_name name the one that runs."""
    with VirtualUnit(settings={"edition": "stock_exchange"}) as unit:
        assert unit.built_for == "electronic_banking"
        assert unit.edition_name == "stock_exchange"
        with pytest.raises(VirtualUnitError, match="the stock_exchange unit has no card slots"):
            unit.insert(1, "green")
