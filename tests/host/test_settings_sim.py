"""Settings through the VirtualUnit: the menu by keys, each setting's effect on the real
firmware, persistence over power cycles, refusals, a corrupt settings file, the boot summary."""

import os
import subprocess
import sys

import pytest

from host_sim import VirtualUnit, VirtualUnitError
from host_sim.__main__ import main

M = 1000000
K = 1000
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def files(unit: VirtualUnit) -> dict:
    found = {}
    for name in sorted(os.listdir(unit.flash_dir)):
        with open(os.path.join(unit.flash_dir, name), "rb") as handle:
            found[name] = handle.read()
    return found


def to_item(unit: VirtualUnit, label: str) -> None:
    """From the menu's first item, M until the item's label shows."""
    for _ in range(12):
        if unit.screen_text()[-1].split("  ")[0] == label:  # the label, and its key if room
            return
        unit.press("M")
    raise AssertionError("no item %s: %r" % (label, unit.screen_text()))


def test_the_menu_by_keys_sets_go_and_it_survives_a_power_cycle() -> None:
    with VirtualUnit() as unit:
        unit.open_settings()
        assert unit.screen_text() == ["SETTINGS", "SURE?", "GO = YES   C = NO"]
        unit.press("go")
        assert unit.screen_text() == ["SETTINGS 1/8", "EL. BANKING", "EDITION  GO = CHANGE"]
        to_item(unit, "GO")
        unit.press("go")
        unit.type("1.5M")
        assert unit.screen_text() == ["SET GO", "1.5M", "10K TO 20M"]
        unit.press("go")
        assert unit.screen_text()[1:] == ["1.5M", "SAVED"]
        unit.sounds()
        unit.press("C")  # leave
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]
        unit.insert(card=2, slot="green")
        unit.advance(1.2)
        unit.press("go")
        assert unit.balance(2) == 16500000
        unit.remove("green")
        unit.power_cycle()
        assert unit.settings()["go"] == 1500000
        assert unit.balance(2) == 16500000  # the game was kept: same edition and players


def test_invalid_value_in_the_menu_is_refused_and_changes_nothing() -> None:
    with VirtualUnit() as unit:
        unit.open_settings()
        unit.press("go")
        before = files(unit)
        to_item(unit, "PLAYERS")
        unit.press("go")
        unit.type("9")
        unit.sounds()
        unit.press("go")
        assert unit.screen_text() == ["SET PLAYERS", "6", "PLAYERS: 2 TO 8"]
        assert unit.sounds() == ["error"]
        assert files(unit) == before
        unit.press("C")
        unit.press("C")
        unit.power_cycle()
        assert unit.settings()["players"] == 6 and len(unit.balances()) == 6


def test_players_change_starts_a_new_game_keeping_the_cards_that_fit() -> None:
    with VirtualUnit() as unit:
        unit.insert(card=5, slot="green")
        unit.type("1M")
        unit.remove("green")
        unit.open_settings()
        unit.press("go")
        to_item(unit, "PLAYERS")
        unit.press("go")
        unit.type("4")
        unit.press("go")
        assert unit.screen_text()[1:] == ["NEW GAME?", "GO = YES   C = NO"]
        unit.press("go")
        unit.press("C")
        assert unit.balances() == {n: 15 * M for n in range(1, 5)}
        assert sorted(unit.unit.edition.registry.numbers.values()) == [1, 2, 3, 4]
        unit.power_cycle()
        assert unit.balances() == {n: 15 * M for n in range(1, 5)}
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]  # no notice


def test_start_balance_applies_at_the_next_new_game() -> None:
    with VirtualUnit(settings={"start": "20M"}) as unit:
        assert unit.balance(1) == 20 * M  # a fresh unit's first game
    with VirtualUnit() as unit:
        unit.insert(card=1, slot="green")
        unit.type("1M")
        unit.remove("green")
        unit.open_settings()
        unit.press("go")
        to_item(unit, "START")
        unit.press("go")
        unit.type("25M")
        unit.press("go")
        unit.press("C")
        assert unit.balance(1) == 16 * M and unit.balance(2) == 15 * M  # the game goes on
        unit.hold("C", 2.5)
        unit.press("go")
        assert unit.balances() == {n: 25 * M for n in range(1, 7)}


def test_standby_timeout_and_hold_time_take_effect() -> None:
    with VirtualUnit(settings={"standby": 20, "hold": 1000}) as unit:
        unit.advance(19)
        assert unit.screen_text()
        unit.advance(2)
        assert unit.screen_text() == []
        unit.press("5")  # wakes
        unit.hold("C", 1.2)
        assert unit.screen_text()[0] == "NEW GAME?"


def test_volume_levels_reach_the_piezo() -> None:
    with VirtualUnit(settings={"volume": 1}) as unit:
        assert unit.unit.piezo.volume == 1
    with VirtualUnit(edition="revolution", settings={"volume": "beeps only"}) as unit:
        assert unit.unit.edition.volume == 1 and unit.unit.piezo.volume == 1
        unit.open_settings()
        unit.press("go")
        to_item(unit, "VOLUME")
        unit.press("go")
        unit.press("M")
        unit.press("M")  # medium
        unit.press("go")
        unit.press("C")
        assert unit.unit.edition.volume == 3
        unit.power_cycle()
        assert unit.unit.edition.volume == 3  # journaled as game state, as the "." key does


def test_auction_length_takes_effect() -> None:
    with VirtualUnit(edition="revolution", settings={"auction": 10}) as unit:
        unit.press("deal")
        assert unit.screen_text()[:2] == ["AUCTION", "10"]
        unit.advance(10.5)
        assert "AUCTION CLOSED" in unit.screen_text()


def _chance_draws(percent: int) -> int:
    with VirtualUnit(edition="revolution", settings={"chance_pct": percent}) as unit:
        draws = 0
        for _ in range(12):
            unit.insert(card=2, slot="green")
            unit.type("10K")
            unit.remove("green")
            if "chance" in unit.sounds():
                draws += 1
                unit.insert(card=2, slot="green")
                unit.press("go")
                unit.advance(1)
                unit.remove("green")
                unit.unit.edition.part.pending.clear()
        return draws


def test_chance_probability_0_and_100() -> None:
    assert _chance_draws(0) == 0
    assert _chance_draws(100) >= 10
    with VirtualUnit(edition="revolution", settings={"chance": "off", "chance_pct": 100}) as unit:
        assert unit.unit.edition.part.chance_percent == 0


def test_invalid_settings_are_refused_with_the_units_message() -> None:
    for settings, message in (
        ({"players": 9}, "PLAYERS: 2 TO 8"),
        ({"players": 1}, "PLAYERS: 2 TO 8"),
        ({"start": "5K"}, "START: 1M TO 99M"),
        ({"go": "15K"}, "GO: STEPS OF 10K"),
        ({"auction": 30}, "NOT IN THIS EDITION"),
        ({"edition": "revolution"}, None),
        ({"edition": "monopoly_deal"}, "EDITION NOT ON UNIT"),
        ({"colour": 1}, "UNKNOWN SETTING"),
        ({"standby": "soon"}, "STANDBY S: A NUMBER"),
    ):
        if message is None:
            with VirtualUnit(settings=settings) as unit:
                assert unit.unit.edition.name == "revolution"  # on the 5x5 it needs
            continue
        with pytest.raises(VirtualUnitError, match=message.replace("%", ".")):
            VirtualUnit(settings=settings)


def test_refused_settings_change_nothing_on_an_existing_flash(tmp_path) -> None:
    with VirtualUnit(flash_dir=str(tmp_path), settings={"players": 4}):
        pass
    before = sorted(os.listdir(tmp_path))
    with pytest.raises(VirtualUnitError):
        VirtualUnit(flash_dir=str(tmp_path), settings={"go": "1M", "players": 12})
    assert sorted(os.listdir(tmp_path)) == before
    with VirtualUnit(flash_dir=str(tmp_path)) as unit:
        assert unit.settings()["players"] == 4 and unit.settings()["go"] == 2 * M


def test_a_corrupt_settings_file_falls_back_with_a_notice(tmp_path) -> None:
    with VirtualUnit(flash_dir=str(tmp_path), settings={"go": "1M"}) as unit:
        unit.open_settings()
        unit.press("go")
        to_item(unit, "GO")
        unit.press("go")
        unit.type("3M")
        unit.press("go")
        unit.press("C")
    newest = max(n for n in os.listdir(tmp_path) if n.startswith("set."))
    path = tmp_path / newest
    data = bytearray(path.read_bytes())
    data[15] ^= 1
    path.write_bytes(bytes(data))
    with VirtualUnit(flash_dir=str(tmp_path)) as unit:
        assert unit.settings()["go"] == 1 * M  # the last good settings
        assert unit.screen_text()[-1] == "SETTINGS: LAST GOOD"
        unit.advance(9)
        assert unit.screen_text()[-1] == "INSERT A CARD"
    for name in os.listdir(tmp_path):
        if name.startswith("set."):
            (tmp_path / name).write_bytes(b"garbage\n")
    with VirtualUnit(flash_dir=str(tmp_path)) as unit:
        assert unit.settings()["go"] == 2 * M
        assert unit.screen_text()[-1] == "SETTINGS: DEFAULTS"


def test_a_full_flash_refuses_a_setting_and_loses_nothing() -> None:
    with VirtualUnit() as unit:
        unit.open_settings()
        unit.press("go")
        to_item(unit, "STANDBY S")
        unit.press("go")
        unit.type("30")
        unit.flash.fill(0)
        unit.sounds()
        unit.press("go")
        assert unit.screen_text()[-1] == "FLASH FULL: SEE GUIDE" and unit.sounds() == ["error"]
        unit.flash.fill(None)
        unit.press("C")
        unit.press("C")
        unit.power_cycle()
        assert unit.settings()["standby"] == 60


def test_the_boot_summary_shows_then_the_game_and_a_key_only_ends_it() -> None:
    with VirtualUnit(boot_summary=True, settings={"players": 4}) as unit:
        assert unit.screen_text() == [
            "EL. BANKING 1/2",
            "PLAYERS             4",
            "START             15M",
            "GO                 2M",
            "VOLUME         MEDIUM",
            "ANY KEY: START",
        ]
        unit.advance(2)
        assert unit.screen_text()[0] == "EL. BANKING 2/2"
        unit.advance(2)
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]
        unit.power_cycle()
        assert unit.screen_text()[0] == "EL. BANKING 1/2"
        unit.press(".")  # ends the summary; does not toggle the sound
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]
        assert unit.unit.edition.sound_on
        unit.power_cycle()
        unit.insert(card=3, slot="green")  # a card ends it and is read
        unit.advance(1.2)
        assert unit.screen_text()[:2] == ["CARD 3 RECEIVES", "15M"]


def test_the_summary_runs_with_the_settings_code_let_go() -> None:
    """Issue 27: the summary holds its lines as text; the settings code (the schema, the
    settings file, the layouts, app.config itself) leaves sys.modules as it starts, so the
    summary's seconds are not the unit's highest heap. The settings are still what was set."""
    import sys

    with VirtualUnit(boot_summary=True, settings={"players": 4, "volume": 1}) as unit:
        assert unit.unit.overlay is not None and unit.unit.config is None
        for name in ("rules.settings", "app.config", "store.settings_file", "boards.keymaps"):
            assert name not in sys.modules, name
        assert unit.screen_text()[1] == "PLAYERS             4"
        unit.press("5")  # the key ends it and does nothing else
        assert unit.unit.overlay is None
        assert unit.screen_text() == ["MONOPOLY BANK", "----", "INSERT A CARD"]
        assert unit.settings()["players"] == 4 and unit.settings()["volume"] == 1


def test_edition_change_on_the_5x5_rebuilds_unit_and_keys() -> None:
    with VirtualUnit(matrix="5x5") as unit:
        unit.open_settings()
        unit.press("go")
        unit.press("go")  # edit the edition
        unit.press("M")
        assert unit.screen_text()[1] == "REVOLUTION"
        unit.press("go")
        unit.press("go")  # yes, a new game
        unit.press("C")
        assert unit.unit.edition.name == "revolution"
        unit.press("deal")  # a Revolution key, where the EB layout had none
        assert unit.screen_text()[0] == "AUCTION"
        unit.power_cycle()
        assert unit.unit.edition.name == "revolution" and unit.settings()["standby"] == 90


def test_command_line_set_and_refusal(tmp_path, capsys) -> None:
    script = tmp_path / "s.txt"
    script.write_text("expect balance 1 20000000\n")
    assert main(["--set", "start=20M", "--set", "players=3", "run", str(script)]) == 0
    assert main(["--set", "players=9", "run", str(script)]) == 2
    assert "PLAYERS: 2 TO 8" in capsys.readouterr().out
    result = subprocess.run(
        [sys.executable, "-m", "host_sim", "--set", "players", "run", str(script)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2 and "name=value" in result.stderr


def test_the_terminal_ui_takes_settings_and_refuses_bad_ones() -> None:
    import asyncio

    from host_sim.tui import BankUnitApp

    async def run() -> BankUnitApp:
        app = BankUnitApp(settings={"players": "4"})
        async with app.run_test(size=(160, 50)) as pilot:
            for _ in range(100):
                if app.snapshot is not None:
                    break
                await pilot.pause(0.05)
            assert app.snapshot is not None and sorted(app.snapshot.balances) == [1, 2, 3, 4]
            await pilot.press("P")  # power up holding GO
            await pilot.pause(0.1)
            assert app.unit_thread.unit.screen_text()[:2] == ["SETTINGS", "SURE?"]
        return app

    asyncio.run(run())
    result = subprocess.run(
        [sys.executable, "-m", "host_sim", "--set", "players=9"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert result.returncode != 0 and "PLAYERS: 2 TO 8" in result.stderr
