# Pins and buses that behave like machine.Pin/SPI/I2C/PWM/ADC and route traffic to virtual parts.
# MicroPython-compatible on purpose: the driver suites run with these on both interpreters.

EIO = 5  # MicroPython raises OSError(EIO) when an I2C address does not acknowledge
ENODEV = 19


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = self.IN
        self.pull = None
        self.level_out = 0
        self.source = None  # callable(pin) -> 0/1 for an input driven by a virtual part
        self.watchers = []  # callables(pin, level) told about every output change
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.value(value)

    def value(self, level=None):
        if level is None:
            if self.mode == self.OUT:
                return self.level_out
            if self.source is not None:
                return self.source(self)
            return 1 if self.pull == self.PULL_UP else 0
        level = 1 if level else 0
        changed = level != self.level_out
        self.level_out = level
        if changed:
            for watcher in self.watchers:
                watcher(self, level)
        return None

    def __call__(self, level=None):
        return self.value(level)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    high = on
    low = off


class SPI:
    """SPI master; each attached part sees the bytes while its chip-select pin is low. A part
    whose `holds_miso` is true keeps driving MISO with `held_miso` while deselected (many
    RC522 modules do): the lines meet as a wired AND, so a low it holds wins over the byte the
    selected part shifts out."""

    MSB = 0
    LSB = 1

    def __init__(self, id=0, baudrate=1000000, polarity=0, phase=0, bits=8, firstbit=0, **pins):
        self.id = id
        self.baudrate = baudrate
        self.parts = []  # (cs_pin, part); part has exchange(byte) -> byte, select(), deselect()
        self.bytes_moved = 0

    def init(self, baudrate=1000000, **settings):
        self.baudrate = baudrate

    def deinit(self):
        pass

    def attach(self, cs_pin, part):
        def chip_select(pin, level, part=part):
            if level:
                part.deselect()
            else:
                part.select()

        cs_pin.watchers.append(chip_select)
        self.parts.append((cs_pin, part))

    def _exchange(self, byte_out):
        self.bytes_moved += 1
        byte_in = 0xFF  # MISO idles high through the readers' pull-up when nobody drives it
        for cs_pin, part in self.parts:
            if cs_pin.value() == 0:
                byte_in &= part.exchange(byte_out)
            elif getattr(part, "holds_miso", False):
                byte_in &= part.held_miso
        return byte_in & 0xFF

    def write(self, data):
        for byte in data:
            self._exchange(byte)

    def read(self, nbytes, write=0x00):
        return bytes(self._exchange(write) for _ in range(nbytes))

    def readinto(self, buf, write=0x00):
        for i in range(len(buf)):
            buf[i] = self._exchange(write)

    def write_readinto(self, write_buf, read_buf):
        for i in range(len(write_buf)):
            read_buf[i] = self._exchange(write_buf[i])


class I2C:
    """I2C master; a part at an address has i2c_write(data) and i2c_read(nbytes) -> bytes."""

    def __init__(self, id=0, scl=None, sda=None, freq=400000):
        self.id = id
        self.freq = freq
        self.parts = {}
        self.bytes_written = 0
        self.transactions = 0

    def attach(self, address, part):
        self.parts[address] = part

    def detach(self, address):
        self.parts.pop(address, None)

    def scan(self):
        return sorted(self.parts)

    def _part(self, address):
        part = self.parts.get(address)
        if part is None:
            raise OSError(EIO)  # no acknowledge from that address
        return part

    def writeto(self, address, buf, stop=True):
        part = self._part(address)
        self.transactions += 1
        self.bytes_written += len(buf) + 1  # plus the address byte
        part.i2c_write(bytes(buf))
        return len(buf)

    def writevto(self, address, vector, stop=True):
        part = self._part(address)
        data = b"".join(bytes(chunk) for chunk in vector)
        self.transactions += 1
        self.bytes_written += len(data) + 1
        part.i2c_write(data)
        return len(data)

    def readfrom(self, address, nbytes, stop=True):
        return bytes(self._part(address).i2c_read(nbytes))

    def readfrom_into(self, address, buf, stop=True):
        data = self._part(address).i2c_read(len(buf))
        for i in range(len(buf)):
            buf[i] = data[i]


class PWM:
    """Records every (frequency, duty) it is set to; `log` entries are (clock(), freq, duty)."""

    def __init__(self, pin, freq=1000, duty_u16=0, clock=None):
        self.pin = pin
        self._freq = freq
        self._duty = duty_u16
        self.clock = clock  # callable() -> ms, for timelines; None logs time 0
        self.log = []

    def _record(self):
        self.log.append((self.clock() if self.clock else 0, self._freq, self._duty))

    def freq(self, value=None):
        if value is None:
            return self._freq
        self._freq = value
        self._record()
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self._duty
        self._duty = value
        self._record()
        return None

    def deinit(self):
        self._duty = 0
        self._record()


class ADC:
    """read_u16() returns what `source()` says (0..65535), like the RP2040's 12-bit ADC scaled."""

    def __init__(self, pin, source=None):
        self.pin = pin
        self.source = source

    def read_u16(self):
        return self.source() if self.source is not None else 0
