# The bench's guest in another language than English (bench.py --lang): the unit set to it as
# deployed, its table read as the chip reads it, and those reads counted.
#
# bench.guest_code imports it, for another language only, before guest.main: its code and names
# are the harness's (loaded before the models are measured), and guest.py holds no name of it,
# so that an English run is what it was. use() puts its steps into guest.Game:
# - the unit's settings files (written on the host by the firmware's own store.settings_file)
#   on the flash beside the journal, before the unit is built;
# - its table, lang/<code>.tbl, in the "lang" folder of the flash's root, which is the build's
#   firmware folder as `make deploy-tree` lays it out: ui.lang.load opens it through its own
#   path, store.fs.DeviceFS("lang"), with no board.lang_fs;
# - the table's reads from the flash, counted in the metered run ("g reads N" after each key's
#   group, and a "lang OPEN READS BYTES" line once booted): bench.py turns them into device time.
import os

import guest

SETTINGS = []  # (name, bytes) of the settings files: use()
READS = [0, 0]  # the table's reads from the flash so far (metered runs): calls, bytes
_STEPS = {}  # guest.Game's own methods that use() wraps


class RootOs:
    """store.fs's `os` on the WASI build, where the build's tree is a read-only preopen: there a
    mkdir of the folder that is already there raises WASI's EPERM (63), not EEXIST, which
    DeviceFS takes for 'there already' by the Pico's number (17). The rest is os's own."""

    def __getattr__(self, name):
        return getattr(os, name)

    def mkdir(self, path):
        try:
            os.stat(path)
        except OSError:
            return os.mkdir(path)
        raise OSError(17)  # EEXIST, as LittleFS on the Pico raises it


ROOT_OS = RootOs()  # made now, in the harness's heap


class TableFile(guest.Metered):
    """The table's file in a metered run: every call bracketed as hardware (the chip's LittleFS
    is C and flash, not the firmware's bytecode), its reads counted in READS inside the bracket
    (the harness's counting is not the firmware's)."""

    def seek(self, *args):
        guest.host.call("x", "")
        result = self._inner.seek(*args)
        guest.host.call("yy", "")
        return result

    def read(self, *args):
        guest.host.call("x", "")
        data = self._inner.read(*args)
        READS[0] += 1
        READS[1] += len(data)
        guest.host.call("yy", "")
        return data

    def readinto(self, *args):
        guest.host.call("x", "")
        count = self._inner.readinto(*args)
        READS[0] += 1
        READS[1] += count or 0
        guest.host.call("yy", "")
        return count


def counted_open(path, mode="r"):
    """open() as store.fs calls it, for the table's file in a metered run."""
    guest.host.call("x", "")
    handle = open(path, mode)  # noqa: SIM115 - the firmware keeps it open, then closes it
    guest.host.call("yy", "")
    return TableFile(handle)


def add_state_machine(game, board):
    """Game.add_state_machine, first: store.fs for the table on this interpreter, once the
    firmware is imported (WASI: its tree read-only; metered: the reads counted), and the
    settings files on the unit's flash, before the unit is built."""
    import store.fs

    if guest.TO_PICO:  # the WASI build (replacing the module's `os`: its globals do not grow)
        store.fs.os = ROOT_OS
    if game.metered:
        store.fs.open = counted_open  # found before the builtin by DeviceFS.open
    for name, data in SETTINGS:
        with game.flash.open(name, "wb") as handle:
            handle.write(data)
    _STEPS["add_state_machine"](game, board)


def needs(game, what):
    """Game.needs, then once booted: whether the screen holds its table open, the reads so far."""
    _STEPS["needs"](game, what)
    if what == "boot":
        table = game.unit.screen.lang
        held = table is not None and table.file is not None
        print("lang %d %d %d" % (held, READS[0], READS[1]))


def press(game, key):
    """Game.press, then its table reads as a group of their own after the key's."""
    before = READS[0]
    _STEPS["press"](game, key)
    if game.loud:
        guest.hcall("g", "reads %d" % (READS[0] - before))


def use(lang, settings):
    """The unit of guest.main speaks `lang`: its settings files `settings` ((name, bytes))."""
    if not lang:
        return
    SETTINGS.extend(settings)
    for name, step in (
        ("add_state_machine", add_state_machine),
        ("needs", needs),
        ("press", press),
    ):
        _STEPS[name] = getattr(guest.Game, name)
        setattr(guest.Game, name, step)
