# Virtual NXP MFRC522 on the fake SPI bus, with ISO/IEC 14443-3A virtual cards in its RF field.
# Register-level: address bytes, FIFO, commands, IRQ/error flags, CRC coprocessor, RST pin.
# Plain MicroPython-compatible Python; the hot path (register traffic, card answers) allocates
# nothing, so driver tests can lock the heap around a poll. Given a clock, a card answers only
# once it has been powered by the field for its power-up time.
try:
    from micropython import const
except ImportError:

    def const(x):  # type: ignore[misc, no-redef]  # CPython: no micropython module
        return x


# Registers (MFRC522 datasheet, section 9.2)
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_DIV_IRQ = const(0x05)
_ERROR = const(0x06)
_STATUS1 = const(0x07)
_STATUS2 = const(0x08)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_CONTROL = const(0x0C)
_BIT_FRAMING = const(0x0D)
_COLL = const(0x0E)
_MODE = const(0x11)
_TX_MODE = const(0x12)
_RX_MODE = const(0x13)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_CRC_RESULT_H = const(0x21)
_CRC_RESULT_L = const(0x22)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)

# CommandReg: Command[3:0], PowerDown = bit 4, RcvOff = bit 5
_IDLE_CMD = const(0x00)
_MEM = const(0x01)
_CALC_CRC = const(0x03)
_TRANSMIT = const(0x04)
_NO_CMD_CHANGE = const(0x07)
_TRANSCEIVE = const(0x0C)
_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)
# ComIrqReg: Set1 = bit 7 (write), then TxIRq, RxIRq, IdleIRq, HiAlert, LoAlert, ErrIRq, TimerIRq
_SET = const(0x80)
_TX_IRQ = const(0x40)
_RX_IRQ = const(0x20)
_IDLE_IRQ = const(0x10)
_ERR_IRQ = const(0x02)
_TIMER_IRQ = const(0x01)
_CRC_IRQ = const(0x04)  # DivIrqReg bit 2 (MfinActIRq = bit 4 is the only other flag)
# ErrorReg
_WR_ERR = const(0x80)
_TEMP_ERR = const(0x40)
_BUFFER_OVFL = const(0x10)
_COLL_ERR = const(0x08)
_CRC_ERR = const(0x04)
_RX_ERRORS = const(0x0F)  # CollErr, CRCErr, ParityErr, ProtocolErr: cleared at receiver start-up
_CRC_READY = const(0x20)  # Status1Reg
_COLL_POS_NOT_VALID = const(0x20)  # CollReg bit 5
_VALUES_AFTER_COLL = const(0x80)  # CollReg bit 7
_START_SEND = const(0x80)  # BitFramingReg bit 7; TxLastBits = bits 2..0
_TX_WAIT_RF = const(0x20)  # ModeReg bit 5; CRCPreset = bits 1..0
_CRC_EN = const(0x80)  # TxModeReg TxCRCEn, RxModeReg RxCRCEn
_FORCE_100_ASK = const(0x40)  # TxASKReg bit 6
_T_AUTO = const(0x80)  # TModeReg bit 7
_FIFO_SIZE = const(64)
_MEM_SIZE = const(25)  # internal buffer used by the Mem command

# ISO/IEC 14443-3 Type A
_REQA = const(0x26)  # 7-bit short frame
_WUPA = const(0x52)  # 7-bit short frame
_NVB_ANTICOLL = const(0x20)  # SEL, NVB: 2 whole bytes sent, the card answers UID CLn + BCC
_NVB_SELECT = const(0x70)  # SEL, NVB, 4 UID bytes, BCC, CRC_A: 7 whole bytes
_CASCADE_TAG = const(0x88)
_SAK_CASCADE = const(0x04)  # SAK bit 3: UID not complete
_HLTA = const(0x50)  # 50 00 + CRC_A; the card does not answer
_SEL_CODES = b"\x93\x95\x97"  # cascade levels 1, 2, 3

# PICC states (ISO/IEC 14443-3 section 6.3); READY*/ACTIVE* are READY/ACTIVE with from_halt
_POWER_OFF = const(0)
_IDLE = const(1)
_READY = const(2)
_ACTIVE = const(3)
_HALT = const(4)

# Register values after a reset (datasheet register tables); pairs of address, value.
_RESET_VALUES = (
    b"\x01\x20\x02\x80\x04\x14\x07\x21\x0b\x08\x0c\x10\x0e\xa0\x11\x3f\x14\x80\x16\x10"
    b"\x17\x84\x18\x84\x19\x4d\x1c\x62\x1f\xeb\x21\xff\x22\xff\x24\x26\x26\x48\x27\x88"
    b"\x28\x20\x29\x20"
)
_CRC_PRESETS = (0x0000, 0x6363, 0xA671, 0xFFFF)  # ModeReg CRCPreset 00, 01, 10, 11


def crc_a(data, n: int, preset: int = 0x6363) -> int:
    """CRC_A of data[0:n] (ISO/IEC 14443-3 Annex B): x^16 + x^12 + x^5 + 1, LSB first.

    Sent low byte first; over data followed by its own CRC_A the result is 0.
    """
    crc = preset
    for i in range(n):
        crc = _crc_step(crc, data[i])
    return crc


def _crc_step(crc: int, byte: int) -> int:
    crc ^= byte
    for _ in range(8):
        crc = (crc >> 1) ^ 0x8408 if crc & 1 else crc >> 1  # 0x8408: 0x1021 bit-reversed
    return crc


class VirtualCard:
    """A Type A PICC (MIFARE-like) with a 4-, 7- or 10-byte UID, answering like ISO 14443-3."""

    POWER_OFF = _POWER_OFF
    IDLE = _IDLE
    READY = _READY
    ACTIVE = _ACTIVE
    HALT = _HALT

    # ISO/IEC 14443-3: a PICC accepts a request at the latest 5 ms after the field came up;
    # the model takes all of it, so a reader that asks sooner is caught out.
    power_up_us = 5000

    def __init__(self, uid, sak: int = 0x08) -> None:
        size = len(uid)
        if size != 4 and size != 7 and size != 10:
            raise ValueError("a Type A UID has 4, 7 or 10 bytes")
        self.uid = bytes(uid)
        self.levels = (size - 1) // 3  # 1, 2 or 3 cascade levels
        self.sak = sak  # SAK of the last level: 0x08 = MIFARE Classic 1K, 0x00 = Ultralight
        # ATQA (low byte first on air): b8..b7 = UID size 00/01/10, b3 = bit frame anticollision
        self.atqa = 0x0004 | (self.levels - 1) << 6
        self.state = _POWER_OFF
        self.powered_at = -1  # clock time (us) the field last powered the card; -1: no clock
        self.from_halt = False  # READY*/ACTIVE*: errors go back to HALT, not IDLE
        self.level = 0  # cascade level being resolved in READY
        # Per cascade level: 4 UID bytes (cascade tag first when more levels follow) + BCC.
        cl = self._cl = bytearray(5 * self.levels)
        src = 0
        for level in range(self.levels):
            k = 5 * level
            for i in range(4):
                if i == 0 and level < self.levels - 1:
                    cl[k] = _CASCADE_TAG
                else:
                    cl[k + i] = self.uid[src]
                    src += 1
            cl[k + 4] = cl[k] ^ cl[k + 1] ^ cl[k + 2] ^ cl[k + 3]  # BCC: XOR of the 4 bytes

    def power(self, on: bool, now_us: int = -1) -> None:
        """The reader's field came up (IDLE) or went away (POWER-OFF forgets everything).
        now_us: the clock's time, from which the card counts its power-up time (-1: none)."""
        if not on:
            self.state = _POWER_OFF
        elif self.state == _POWER_OFF:
            self.state = _IDLE
            self.from_halt = False
            self.powered_at = now_us

    def ready(self, now_us: int) -> bool:
        """Powered long enough to hear a frame at clock time now_us (-1: no clock, always)."""
        return now_us < 0 or self.powered_at < 0 or now_us - self.powered_at >= self.power_up_us

    def _error(self) -> None:
        self.state = _HALT if self.from_halt else _IDLE

    def hear(self, frame, n: int, last_bits: int, answer) -> int:
        """Handle one PCD frame (n bytes, last_bits valid bits in the last byte, 0 = all 8).

        Writes the answer into `answer` and returns its length in bytes (0 = silent).
        """
        state = self.state
        if state == _POWER_OFF:
            return 0
        if n == 1 and last_bits == 7:  # short frame: REQA or WUPA
            cmd = frame[0] & 0x7F
            wakes = cmd == _WUPA or (cmd == _REQA and state == _IDLE)  # REQA: HALT sleeps on
            if wakes and state in (_IDLE, _HALT):
                self.from_halt = state == _HALT
                self.state = _READY
                self.level = 0
                answer[0] = self.atqa & 0xFF  # ATQA, low byte first
                answer[1] = self.atqa >> 8
                return 2
            if state in (_READY, _ACTIVE):
                self._error()  # unexpected in READY/ACTIVE: back to IDLE (HALT), silent
            return 0
        if state in (_IDLE, _HALT):
            return 0  # only a request is answered there
        if last_bits:  # bit-oriented anticollision frames are not modelled: treated as an error
            self._error()
            return 0
        if state == _READY:
            sel = _SEL_CODES[self.level]
            k = 5 * self.level
            cl = self._cl
            if n == 2 and frame[0] == sel and frame[1] == _NVB_ANTICOLL:
                for i in range(5):
                    answer[i] = cl[k + i]
                return 5
            if (
                n == 9
                and frame[0] == sel
                and frame[1] == _NVB_SELECT
                and _crc_ok(frame, n)
                and frame[2] == cl[k]
                and frame[3] == cl[k + 1]
                and frame[4] == cl[k + 2]
                and frame[5] == cl[k + 3]
                and frame[6] == cl[k + 4]
            ):
                if self.level + 1 < self.levels:
                    self.level += 1
                    sak = _SAK_CASCADE
                else:
                    self.state = _ACTIVE
                    sak = self.sak
                answer[0] = sak
                crc = crc_a(answer, 1)
                answer[1] = crc & 0xFF
                answer[2] = crc >> 8
                return 3
            self._error()  # another card's SELECT, a bad CRC or an unknown command
            return 0
        # ACTIVE: only HLTA is modelled; the card does not answer it
        if n == 4 and frame[0] == _HLTA and frame[1] == 0 and _crc_ok(frame, n):
            self.state = _HALT
            return 0
        self._error()
        return 0


def _crc_ok(frame, n: int) -> bool:
    crc = crc_a(frame, n - 2)
    return frame[n - 2] == crc & 0xFF and frame[n - 1] == crc >> 8


class MFRC522Chip:
    """Register-level MFRC522 for the fake SPI bus: `spi.attach(cs_pin, chip)`.

    `rst` (optional Pin) is NRSTPD: low holds the chip in hard power-down, the rising edge resets
    it. Cards go in with put_card()/add_card(); faults with miss_next(), corrupt_next_crc(),
    corrupt_next_bcc() and `present = False` (nobody drives MISO: reads `absent_miso`);
    `holds_miso = True` makes it one of the modules that keep driving MISO (`held_miso`) while
    deselected, which on a shared bus garbles what the other reader answers (bus.SPI).
    `clock_us` (optional callable, microseconds): cards then answer only once powered for
    their power_up_us; without it they answer as soon as the field is on.
    Soft power-down (CommandReg PowerDown) stops the field and the commands; clearing it wakes
    the chip, whose CommandReg shows PowerDown for `soft_wake_reads` more reads.
    Not modelled: GenerateRandomID, Receive, MFAuthent (they end at once like an unknown
    command), timer counting (a transceive with no answer times out at once when TAuto is set;
    `timer_us` adds up the time the real timer would have run), bit-oriented anticollision,
    data rates above 106 kBd.
    """

    wake_reads = 2  # CommandReg reads that still show PowerDown after a reset (oscillator start)
    soft_wake_reads = 1  # ... after soft power-down: 1024 clocks (76 us), the oscillator ran on

    def __init__(self, rst=None, version: int = 0x92, clock_us=None) -> None:
        self.version = version  # 0x91 = v1.0, 0x92 = v2.0; clones report 0x88, 0x12 ...
        self.present = True
        self.absent_miso = 0xFF  # what MISO reads with no chip: 0xFF with a pull-up, else 0x00
        self.holds_miso = False  # drives MISO while its chip select is high
        self.held_miso = 0x00  # what it drives then: its output stays low
        self.regs = bytearray(64)
        self.cards = []
        self.frames = 0  # RF frames sent
        self.hard_resets = 0
        self.soft_resets = 0
        self.asleep = False  # soft power-down
        self.selects = 0  # SPI transactions: chip-select falling edges
        self.field_ons = 0  # times the carrier came on
        self._field_was = False
        self._field_since = 0  # clock time (us) the carrier last came on
        self._field_us = 0  # carrier-on time before that
        self.timer_us = 0  # time the chip's timer ran out waiting for answers that never came
        self._clock = clock_us
        self._fifo = bytearray(_FIFO_SIZE)
        self._head = 0
        self._count = 0
        self._mem = bytearray(_MEM_SIZE)
        self._tx = bytearray(_FIFO_SIZE + 2)
        self._rx = bytearray(_FIFO_SIZE)
        self._rx2 = bytearray(_FIFO_SIZE)
        self._crc = 0
        self._addr = -2  # -1: next byte is an address byte; -2: ignore until deselect
        self._reading = False
        self._waking = 0
        self._miss = 0
        self._bad_crc = 0
        self._bad_bcc = 0
        self._in_reset = False
        if rst is not None:
            rst.watchers.append(self._rst_changed)
            self._in_reset = rst.mode == rst.OUT and rst.level_out == 0
        self._reset()

    # --- test and simulator API -------------------------------------------------------------

    @property
    def field(self) -> bool:
        """True while the antenna drivers TX1/TX2 put out the 13.56 MHz carrier."""
        return (
            self.present
            and not self._in_reset
            and not self.asleep
            and bool(self.regs[_TX_CONTROL] & 0x03)
        )

    def field_us(self) -> int:
        """How long the carrier has been on in all, by the clock (0 without one)."""
        if self._field_was and self._clock is not None:
            return self._field_us + self._clock() - self._field_since
        return self._field_us

    @property
    def card(self):
        return self.cards[0] if self.cards else None

    def put_card(self, card: VirtualCard) -> None:
        """`card` alone in the field (replacing any other)."""
        self.remove_card()
        self.add_card(card)

    def add_card(self, card: VirtualCard) -> None:
        """Another card in the field too: their answers collide."""
        self.cards.append(card)
        card.power(self.field, self._now())

    def remove_card(self) -> None:
        for card in self.cards:
            card.power(False)
        self.cards = []

    def _now(self) -> int:
        clock = self._clock
        return -1 if clock is None else clock()

    def miss_next(self, n: int = 1) -> None:
        """The next n REQA/WUPA frames reach no card (a card tilted in the slot)."""
        self._miss = n

    def corrupt_next_crc(self, n: int = 1) -> None:
        """RF noise flips a bit of the CRC_A in the next n SAK answers."""
        self._bad_crc = n

    def corrupt_next_bcc(self, n: int = 1) -> None:
        """RF noise flips a bit of the BCC in the next n anticollision answers."""
        self._bad_bcc = n

    # --- SPI (datasheet 8.1.2): address byte = R/W bit 7, address bits 6..1, bit 0 = 0 --------

    def select(self) -> None:
        self.selects += 1
        self._addr = -1

    def deselect(self) -> None:
        self._addr = -2

    def exchange(self, byte: int) -> int:
        if not self.present:
            return self.absent_miso
        if self._in_reset:
            return 0xFF  # hard power-down: MISO is not driven, the pull-up reads ones
        addr = self._addr
        if addr == -1:  # address byte; MISO shifts out a don't-care byte
            if byte & 0x01:
                self._addr = -2  # bit 0 must be 0: the chip ignores the frame
            else:
                self._addr = (byte >> 1) & 0x3F
                self._reading = bool(byte & 0x80)
            return 0
        if addr == -2:
            return 0
        if self._reading:  # each byte clocks out the register addressed by the previous one
            value = self._read(addr)
            if byte & 0x80 and not byte & 0x01:
                self._addr = (byte >> 1) & 0x3F
            else:
                self._addr = -2  # the closing 0x00
            return value
        self._write(addr, byte)  # further bytes go to the same address (FIFO bursts)
        return 0

    # --- registers -------------------------------------------------------------------------

    def _read(self, addr: int) -> int:
        regs = self.regs
        if addr == _COMMAND:
            if self._waking:
                self._waking -= 1
                return regs[_COMMAND] | _POWER_DOWN
            return regs[_COMMAND]
        if addr == _FIFO_DATA:
            return self._pop()
        if addr == _FIFO_LEVEL:
            return self._count  # FlushBuffer (bit 7) always reads 0
        if addr == _CONTROL:
            return regs[_CONTROL] & 0x3F  # TStopNow, TStartNow read 0
        if addr == _VERSION:
            return self.version
        return regs[addr]

    def _write(self, addr: int, value: int) -> None:
        if self._waking:
            return  # still starting up: the write is lost
        regs = self.regs
        if addr == _COMMAND:
            self._command(value)
        elif addr == _COM_IRQ:  # Set1: 1 sets the marked bits, 0 clears them
            if value & _SET:
                regs[_COM_IRQ] |= value & 0x7F
            else:
                regs[_COM_IRQ] &= ~value & 0x7F
        elif addr == _DIV_IRQ:  # Set2, same rule
            if value & _SET:
                regs[_DIV_IRQ] |= value & 0x14
            else:
                regs[_DIV_IRQ] &= ~value & 0x14
        elif addr == _FIFO_DATA:
            if regs[_COMMAND] & 0x0F == _CALC_CRC:  # the coprocessor takes new bytes as they come
                self._crc = _crc_step(self._crc, value)
                self._crc_done()
            else:
                self._push(value)
        elif addr == _FIFO_LEVEL:
            if value & 0x80:  # FlushBuffer: empty the FIFO and clear BufferOvfl
                self._head = 0
                self._count = 0
                regs[_ERROR] &= ~_BUFFER_OVFL & 0xFF
        elif addr == _BIT_FRAMING:
            regs[_BIT_FRAMING] = value
            if value & _START_SEND and regs[_COMMAND] & 0x0F == _TRANSCEIVE:
                self._send(True)
        elif addr == _TX_CONTROL:
            regs[_TX_CONTROL] = value
            self._field_changed()
        elif addr == _COLL:
            regs[_COLL] = (regs[_COLL] & 0x7F) | (value & _VALUES_AFTER_COLL)
        elif addr == _CONTROL:
            pass  # TStopNow/TStartNow: the timer is not modelled; RxLastBits is read-only
        elif addr in (_ERROR, _STATUS1, _STATUS2, _CRC_RESULT_H, _CRC_RESULT_L, _VERSION):
            pass  # read-only
        else:
            regs[addr] = value

    def _command(self, value: int) -> None:
        regs = self.regs
        cmd = value & 0x0F
        if value & _POWER_DOWN:  # soft power-down: the command in progress stops
            regs[_COMMAND] = (value & 0x20) | _POWER_DOWN
            if not self.asleep:
                self.asleep = True
                self._field_changed()
            return
        if self.asleep:  # PowerDown cleared: the oscillator restarts, nothing else happens
            regs[_COMMAND] = value & 0x20
            self.asleep = False
            self._waking = self.soft_wake_reads
            self._field_changed()
            return
        if cmd == _NO_CMD_CHANGE:  # only RcvOff/PowerDown change
            regs[_COMMAND] = (value & 0x20) | (regs[_COMMAND] & 0x0F)
            return
        regs[_COMMAND] = (value & 0x20) | cmd
        if cmd == _IDLE_CMD:
            return  # the host starting Idle does not set IdleIRq
        if cmd == _SOFT_RESET:
            self.soft_resets += 1
            self._reset()
            self._waking = self.wake_reads
        elif cmd == _CALC_CRC:
            crc = _CRC_PRESETS[regs[_MODE] & 0x03]
            while self._count:
                crc = _crc_step(crc, self._pop())
            self._crc = crc
            self._crc_done()
        elif cmd == _TRANSMIT:
            self._send(False)
        elif cmd == _TRANSCEIVE:
            # Transmission starts on StartSend; a StartSend left set starts it at once here.
            if regs[_BIT_FRAMING] & _START_SEND:
                self._send(True)
        elif cmd == _MEM:
            if self._count:  # FIFO -> internal buffer
                for i in range(_MEM_SIZE):
                    self._mem[i] = self._pop()
            else:  # empty FIFO: internal buffer -> FIFO
                for i in range(_MEM_SIZE):
                    self._push(self._mem[i])
            self._finish()
        else:  # unknown or not modelled: the command ends at once
            self._finish()

    def _finish(self) -> None:
        self.regs[_COMMAND] &= 0x30  # back to Idle
        self.regs[_COM_IRQ] |= _IDLE_IRQ

    def _crc_done(self) -> None:
        crc = self._crc
        self.regs[_CRC_RESULT_L] = crc & 0xFF
        self.regs[_CRC_RESULT_H] = crc >> 8
        self.regs[_DIV_IRQ] |= _CRC_IRQ  # CalcCRC active and all data processed
        self.regs[_STATUS1] |= _CRC_READY

    # --- FIFO: 64-byte ring --------------------------------------------------------------------

    def _push(self, value: int) -> None:
        if self._count >= _FIFO_SIZE:
            self.regs[_ERROR] |= _BUFFER_OVFL
            self.regs[_COM_IRQ] |= _ERR_IRQ
            return
        self._fifo[(self._head + self._count) % _FIFO_SIZE] = value
        self._count += 1

    def _pop(self) -> int:
        if not self._count:
            return 0
        value = self._fifo[self._head]
        self._head = (self._head + 1) % _FIFO_SIZE
        self._count -= 1
        return value

    # --- reset and RF --------------------------------------------------------------------------

    def _reset(self) -> None:
        regs = self.regs
        for i in range(64):
            regs[i] = 0
        table = _RESET_VALUES
        for i in range(0, len(table), 2):
            regs[table[i]] = table[i + 1]
        self._head = 0
        self._count = 0
        self.asleep = False
        self._field_changed()

    def _rst_changed(self, pin, level: int) -> None:
        if level:  # rising edge on NRSTPD: internal reset, then the oscillator starts
            self._in_reset = False
            self.hard_resets += 1
            self._reset()
            self._waking = self.wake_reads
        else:
            self._in_reset = True
            self._field_changed()

    def _field_changed(self) -> None:
        on = self.field
        now = self._now()
        if on != self._field_was:
            self._field_was = on
            if on:
                self.field_ons += 1
                self._field_since = now
            elif now >= 0:
                self._field_us += now - self._field_since
        for card in self.cards:
            card.power(on, now)

    def _timer_period_us(self) -> int:
        """(TReload + 1) ticks of (2 * TPrescaler + 1) / 13.56 MHz (datasheet 8.5)."""
        regs = self.regs
        prescaler = (regs[_T_MODE] & 0x0F) << 8 | regs[_T_PRESCALER]
        reload = regs[_T_RELOAD_H] << 8 | regs[_T_RELOAD_L]
        return (2 * prescaler + 1) * (reload + 1) * 100 // 1356

    def _send(self, transceive: bool) -> None:
        regs = self.regs
        if transceive:  # receiver start-up clears the receive errors and the collision position
            regs[_ERROR] &= ~_RX_ERRORS & 0xFF
            regs[_COLL] = (regs[_COLL] & _VALUES_AFTER_COLL) | _COLL_POS_NOT_VALID
        field = self.field
        if not field and regs[_MODE] & _TX_WAIT_RF:
            return  # TxWaitRF: the transmitter waits for an RF field that never comes
        tx = self._tx
        n = self._count
        for i in range(n):
            tx[i] = self._pop()
        last_bits = regs[_BIT_FRAMING] & 0x07
        if regs[_TX_MODE] & _CRC_EN and n and not last_bits:  # TxCRCEn appends CRC_A
            crc = crc_a(tx, n, _CRC_PRESETS[regs[_MODE] & 0x03])
            tx[n] = crc & 0xFF
            tx[n + 1] = crc >> 8
            n += 2
        self.frames += 1
        regs[_COM_IRQ] |= _TX_IRQ
        got = 0
        if field and regs[_TX_ASK] & _FORCE_100_ASK:  # Type A cards need 100 % ASK
            got = self._air(n, last_bits)
        if not transceive:
            self._finish()  # Transmit ends after sending; any answer is not received
            return
        if not got:
            if regs[_T_MODE] & _T_AUTO:
                regs[_COM_IRQ] |= _TIMER_IRQ  # the timer started after sending runs out
                self.timer_us += self._timer_period_us()
            return  # without TAuto the receiver waits for ever
        rx = self._rx
        if regs[_RX_MODE] & _CRC_EN:  # RxCRCEn: check and strip the CRC_A
            if got < 3 or crc_a(rx, got) != 0:
                regs[_ERROR] |= _CRC_ERR
            else:
                got -= 2
        for i in range(got):
            self._push(rx[i])
        regs[_CONTROL] &= 0xF8  # RxLastBits = 0: whole bytes received
        regs[_COM_IRQ] |= _RX_IRQ
        if regs[_ERROR]:
            regs[_COM_IRQ] |= _ERR_IRQ

    def _air(self, n: int, last_bits: int) -> int:
        """Every card hears the frame; answers land in _rx, colliding bits are ORed."""
        tx = self._tx
        request = n == 1 and last_bits == 7 and (tx[0] == _REQA or tx[0] == _WUPA)
        if request and self._miss:
            self._miss -= 1
            return 0
        rx = self._rx
        got = 0
        first_coll = 0  # bit position (1-based) of the first collision
        now = self._now()
        for card in self.cards:
            if not card.ready(now):
                continue  # still powering up: it hears nothing
            k = card.hear(tx, n, last_bits, self._rx2 if got else rx)
            if not k:
                continue
            if not got:
                got = k
                continue
            other = self._rx2
            for i in range(got if got > k else k):
                a = rx[i] if i < got else 0
                b = other[i] if i < k else 0
                diff = a ^ b
                if diff and not first_coll:
                    bit = 0
                    while not diff & (1 << bit):
                        bit += 1
                    first_coll = 8 * i + bit + 1
                rx[i] = a | b
            if k > got:
                got = k
        if first_coll:
            regs = self.regs
            regs[_ERROR] |= _COLL_ERR
            if first_coll <= 32:
                regs[_COLL] = (regs[_COLL] & _VALUES_AFTER_COLL) | (first_coll & 0x1F)
        if got == 5 and n >= 2 and tx[1] == _NVB_ANTICOLL and self._bad_bcc:
            self._bad_bcc -= 1
            rx[4] ^= 0x01
        if got == 3 and n >= 2 and tx[1] == _NVB_SELECT and self._bad_crc:
            self._bad_crc -= 1
            rx[1] ^= 0x01
        return got
