# The settings file on flash: whole versions, the newest two kept, damage and full flash.
from peripherals.flash import VirtualFlash, empty_dir
from store.settings_file import SettingsFile

OLDER = "older"  # load()'s problems, as app.config compares them
DEFAULTS = "defaults"


def flash():
    return VirtualFlash(empty_dir("settings-flash.tmp"))


def test_file_round_trip_keeps_two_generations():
    fs = flash()
    store = SettingsFile(fs)
    assert store.load() == ([], "")
    for players in (3, 4, 5):
        store.save([("setting", "players", players)])
    assert sorted(fs.listdir()) == ["set.2", "set.3"]
    again = SettingsFile(fs)
    assert again.load() == ([("setting", "players", 5)], "")
    empty_dir("settings-flash.tmp")


def test_corrupt_newest_file_falls_back_to_the_last_good_then_the_defaults():
    fs = flash()
    store = SettingsFile(fs)
    store.save([("setting", "players", 3)])
    store.save([("setting", "players", 4)])
    with fs.open("set.2", "r+b") as handle:
        handle.seek(20)
        handle.write(b"X")
    assert SettingsFile(fs).load() == ([("setting", "players", 3)], OLDER)
    with fs.open("set.1", "wb") as handle:
        handle.write(b"torn")
    assert SettingsFile(fs).load() == ([], DEFAULTS)
    empty_dir("settings-flash.tmp")


def test_a_failed_save_leaves_the_settings_before():
    fs = flash()
    store = SettingsFile(fs)
    store.save([("setting", "players", 3)])
    fs.fill(10)
    try:
        store.save([("setting", "players", 4)])
        raise AssertionError("saved on a full flash")
    except OSError:
        pass
    fs.fill(None)
    assert SettingsFile(fs).load() == ([("setting", "players", 3)], "")
    assert "set.2.tmp" not in fs.listdir()
    empty_dir("settings-flash.tmp")
