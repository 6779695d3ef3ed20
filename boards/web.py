# The unit in a web page (MicroPython WebAssembly): the pin map of boards/pico.py on parts the
# page works. The firmware's own drivers talk I2C, SPI and GPIO to the simulator's register-level
# models (host_sim/peripherals, copied next to the firmware by `make web-build`), so the keypad
# grammar, the card reads and the panel's bytes are the firmware's: the page presses matrix
# switches, lays cards on the readers' antennas and draws the panel's GDDRAM.
#
# The class is WebBoard, not Board: tools/hardware reads every boards/*.py Board as a physical
# pin map, and this one is not soldered. The keypad's sampling timer is WebTimer, on the page's
# setInterval: the port has no machine.Timer, and sampling every 5 ms as on the chip ends the
# debounce sooner than the task's 10 ms scan would. The flash is WebFS: files in the page's
# memory, each written through to the browser's localStorage before the call returns, so what
# the store has acknowledged survives a reload (a reload is a power cut).
import os
import sys
from binascii import a2b_base64, b2a_base64

from peripherals.bus import ADC, I2C, PWM, SPI, Pin  # type: ignore[import-not-found]
from peripherals.wiring import VirtualParts  # type: ignore[import-not-found]

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

NAME = "web"
ROW_PINS = (6, 7, 8, 9, 10)  # as boards/pico.py, so the parts sit on the same pins
COL_PINS = (11, 12, 13, 14, 15)
# localStorage key prefix of each file: key + name -> "t" + the text of a file of ASCII bytes
# (the journal's and the settings' lines), or "b" + base64 of any other (the port's base64 is
# written in Python: too slow to run on every journal write)
FLASH_KEY = "bank-unit:flash:"
# The port's filesystem raises Emscripten's errno values (ENOENT is 44 there) while its errno
# module, and so the store's checks, use the usual ones (ENOENT 2): WebFS translates them.
# (Elsewhere, as under CPython in the tests, the values are the usual ones already.)
EMSCRIPTEN_ERRNO = {44: 2, 20: 17, 8: 9, 51: 28, 31: 21, 54: 20, 28: 22, 29: 5, 2: 13, 63: 1}
ERRNO = EMSCRIPTEN_ERRNO if sys.platform == "webassembly" else {}


def _usual(error: OSError) -> OSError:
    code = error.args[0] if error.args else 0
    return OSError(ERRNO.get(code, code))


def _stored(data: bytes) -> str:
    try:
        text = data.decode()
    except UnicodeError:
        text = ""
    if len(text) == len(data):  # every byte ASCII: one character each
        return "t" + text
    return "b" + b2a_base64(data).decode().strip()


def _bytes(stored: str) -> bytes:
    if stored.startswith("t"):
        return stored[1:].encode()
    return a2b_base64(stored[1:].encode())


class WebPWM(PWM):
    """The piezo's PWM: every frequency or duty the driver sets is also told to the page
    (on_change(freq, duty_u16)), which sounds it through Web Audio."""

    on_change = None

    def _record(self) -> None:
        if self.on_change is not None:
            self.on_change(self._freq, self._duty)


class WebTimer:
    """machine.Timer's periodic callback on the page's setInterval (js: the port's module of
    the page's globals). Not a hard interrupt: it runs between the tasks' steps, which is all
    the keypad's sampler needs (it only appends to its ring and sets a flag)."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id: int = -1) -> None:
        self.id = id
        self._interval = None
        self._fire: Any = None  # kept: the page holds only a proxy of it

    def init(self, *, mode=PERIODIC, period=-1, freq=-1, callback=None, hard=True) -> None:
        import js  # type: ignore[import-not-found]  # the WebAssembly port's page globals

        self.deinit()
        period_ms = period if period is not None and period > 0 else 1000 // freq

        def fire(*_args) -> None:
            if mode == WebTimer.ONE_SHOT:
                self.deinit()
            callback(self)

        self._fire = fire
        self._interval = js.setInterval(fire, period_ms)

    def deinit(self) -> None:
        if self._interval is not None:
            import js  # type: ignore[import-not-found]

            js.clearInterval(self._interval)
            self._interval = None
            self._fire = None


class WebBoard:
    name = NAME
    display_address = 0x3C
    vsys_divider = 3

    def __init__(self, matrix: str = "4x4", edition: str = "electronic_banking") -> None:
        size = int(matrix[0])
        self.matrix = matrix
        self.i2c = I2C(0)
        self.green_spi = SPI(0)  # each reader on its own bus, as on boards/pico.py
        self.red_spi = SPI(1)
        self.green_cs = Pin(17, Pin.OUT, value=1)
        self.red_cs = Pin(20, Pin.OUT, value=1)
        self.green_rst = Pin(21, Pin.OUT, value=1)
        self.red_rst = Pin(22, Pin.OUT, value=1)
        self.rows = [Pin(n, Pin.OPEN_DRAIN, value=1) for n in ROW_PINS[:size]]
        self.cols = [Pin(n, Pin.IN, Pin.PULL_UP) for n in COL_PINS[:size]]
        self.key_timer = WebTimer(-1)  # samples the keypad (drivers.keypad)
        self.piezo = WebPWM(Pin(2))
        self.vsys = ADC(Pin(29))
        # The panel, both readers, the keypad matrix and a full battery on those pins.
        self.parts = VirtualParts(self, edition)

    def keymap(self, edition: str) -> tuple:
        # Imported here: the layouts are read at power-on only, and app.config lets the
        # module go with the settings code (about 2 KB of heap).
        from boards.keymaps import keymap

        return keymap(self.matrix, edition)


class _WrittenThrough:
    """A file open for writing: each write also stores the whole file in localStorage before
    it returns, so a step the store acknowledges after it is on the browser's disk (flush and
    close then have nothing left to store)."""

    def __init__(self, fs, name: str, handle) -> None:
        self.fs = fs
        self.name = name
        self.handle = handle

    def write(self, data) -> int:
        written = self.handle.write(data)
        self.handle.flush()
        self.fs.persist(self.name)
        return written

    def flush(self) -> None:
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()

    def read(self, *size):
        return self.handle.read(*size)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class WebFS:
    """store.fs.DeviceFS's calls on a folder of the page's memory filesystem, mirrored to a
    key-value storage (the page's localStorage: getItem, setItem, removeItem, key, length)."""

    def __init__(self, storage, directory: str = "/flash") -> None:
        self.storage = storage
        self.directory = directory

    def _path(self, name: str) -> str:
        return self.directory + "/" + name

    def load(self) -> int:
        """Lay the stored files into the folder (at power-on); returns how many."""
        try:  # noqa: SIM105 - MicroPython has no contextlib
            os.mkdir(self.directory)
        except OSError:
            pass  # already there
        count = 0
        names = []
        for i in range(self.storage.length):
            key = self.storage.key(i)
            if key is not None and key.startswith(FLASH_KEY):
                names.append(key[len(FLASH_KEY) :])
        for name in names:
            text = self.storage.getItem(FLASH_KEY + name)
            with open(self._path(name), "wb") as handle:
                handle.write(_bytes(text))
            count += 1
        return count

    def persist(self, name: str) -> None:
        with open(self._path(name), "rb") as handle:
            data = handle.read()
        self.storage.setItem(FLASH_KEY + name, _stored(data))

    def open(self, name: str, mode: str):
        try:
            handle = open(self._path(name), mode)  # noqa: SIM115 - the caller closes it
        except OSError as error:
            raise _usual(error) from None
        if "r" in mode and "+" not in mode:
            return handle
        self.persist(name)  # "w" truncates and "a"/"x" create at once, as on LittleFS
        return _WrittenThrough(self, name, handle)

    def rename(self, src: str, dst: str) -> None:
        try:
            os.rename(self._path(src), self._path(dst))
        except OSError as error:
            raise _usual(error) from None
        self.persist(dst)
        self.storage.removeItem(FLASH_KEY + src)

    def remove(self, name: str) -> None:
        try:
            os.remove(self._path(name))
        except OSError as error:
            raise _usual(error) from None
        self.storage.removeItem(FLASH_KEY + name)

    def listdir(self) -> list:
        try:
            return os.listdir(self.directory)
        except OSError as error:
            raise _usual(error) from None

    def stat(self, name: str) -> tuple:
        try:
            return os.stat(self._path(name))  # the store's history bound reads [6], the size
        except OSError as error:
            raise _usual(error) from None
