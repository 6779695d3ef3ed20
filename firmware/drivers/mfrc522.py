# NXP MFRC522 RFID reader on SPI: reads ISO/IEC 14443-3A card UIDs; CardSlot tracks one slot.
from compat.const import const

try:
    from time import sleep_ms
except ImportError:  # CPython's time has no sleep_ms
    from time import sleep

    def sleep_ms(ms):  # type: ignore[misc, no-redef]
        sleep(ms / 1000)


from binascii import hexlify

TYPE_CHECKING = const(False)  # folded by mpy-cross: the block below is not in the .mpy
if TYPE_CHECKING:
    from machine import SPI, Pin

# Registers (datasheet 9.2). SPI address byte: bit 7 = read, bits 6..1 = address, bit 0 = 0.
_COMMAND = const(0x01)
_COM_IRQ = const(0x04)
_DIV_IRQ = const(0x05)
_ERROR = const(0x06)
_FIFO_DATA = const(0x09)
_FIFO_LEVEL = const(0x0A)
_BIT_FRAMING = const(0x0D)
_MODE = const(0x11)
_TX_CONTROL = const(0x14)
_TX_ASK = const(0x15)
_CRC_RESULT_H = const(0x21)
_CRC_RESULT_L = const(0x22)
_T_MODE = const(0x2A)
_T_PRESCALER = const(0x2B)
_T_RELOAD_H = const(0x2C)
_T_RELOAD_L = const(0x2D)
_VERSION = const(0x37)
_FIFO_WRITE = const(0x12)  # _FIFO_DATA << 1
_FIFO_READ = const(0x92)  # 0x80 | _FIFO_DATA << 1

# CommandReg commands; PowerDown (bit 4) reads 1 until the chip is ready after a reset
_IDLE = const(0x00)
_CALC_CRC = const(0x03)
_TRANSCEIVE = const(0x0C)
_SOFT_RESET = const(0x0F)
_POWER_DOWN = const(0x10)
# ComIrqReg: writing with Set1 (bit 7) = 0 clears the marked bits
_CLEAR_ALL = const(0x7F)
_RX_IRQ = const(0x20)
_IDLE_IRQ = const(0x10)
_ERR_IRQ = const(0x02)
_TIMER_IRQ = const(0x01)
_CRC_IRQ = const(0x04)  # DivIrqReg: CalcCRC has processed all data
# ErrorReg
_WR_ERR = const(0x80)
_TEMP_ERR = const(0x40)  # overheated: the chip switched the antenna drivers off
_COLL_ERR = const(0x08)  # a bit collision: two or more cards answered at once
_FLUSH_BUFFER = const(0x80)  # FIFOLevelReg bit 7
_START_SEND = const(0x80)  # BitFramingReg bit 7; TxLastBits = bits 2..0
_SHORT_FRAME = const(7)  # TxLastBits of REQA/WUPA: 7 bits
_ANTENNA = const(0x03)  # TxControlReg Tx1RFEn | Tx2RFEn

# Configuration written by init()
_T_AUTO = const(0x80)  # TModeReg: the timer starts at the end of every transmission
_PRESCALER = const(169)  # 13.56 MHz / (2 * 169 + 1) = 40 kHz: 25 us per timer tick
# The timer runs (TReload + 1) ticks from the end of a frame and stops at the answer's 5th bit
# (TAuto), so the reload only bounds the wait when nobody answers. A Type A card starts its
# ATQA 86-91 us after REQA/WUPA, and anticollision/SELECT answers within about 1 ms.
_RELOAD_REQUEST = const(19)  # 20 ticks = 0.5 ms: an empty poll's whole wait
_RELOAD_SELECT = const(39)  # 40 ticks = 1 ms, once a card has answered
_FORCE_100_ASK = const(0x40)  # TxASKReg: Type A uses 100 % ASK
_MODE_CRC_A = const(0x3D)  # ModeReg: TxWaitRF, MFIN active high, CRCPreset 01 = 0x6363

# ISO/IEC 14443-3 Type A
_WUPA = const(0x52)  # 7-bit short frame; wakes IDLE and HALT cards
_NVB_ANTICOLL = const(0x20)  # SEL, NVB: the card answers 4 UID bytes + BCC
_NVB_SELECT = const(0x70)  # SEL, NVB, 4 UID bytes, BCC, CRC_A
_CASCADE_TAG = const(0x88)  # first byte of CLn when the UID continues at the next level
_SAK_CASCADE = const(0x04)  # SAK bit 3: UID not complete
_LEVELS = const(3)  # cascade levels: 4-, 7- and 10-byte UIDs
_MAX_ANSWER = const(5)  # longest answer read here: anticollision, 4 UID bytes + BCC

# ISO/IEC 14443-3: a card must accept a request at the latest 5 ms after the field comes up.
POWER_UP_MS = const(5)

_READY_POLLS = const(50)  # 1 ms apart: up to 50 ms for the crystal oscillator to start
# Register reads, no pause: leaving soft power-down takes 1024 clocks (76 us), and even at
# 10 MHz SPI a read takes 1.6 us on the wire, so 100 reads outlast it.
_WAKE_POLLS = const(100)
# Register reads; the chip's own timer (1 ms at most) ends a silent exchange long before:
# 700 reads are over 1.1 ms even at 10 MHz SPI. Only a chip gone wrong reaches the bound.
_IRQ_POLLS = const(700)


class MFRC522:
    """One MFRC522 on an SPI bus (mode 0, up to 10 MHz) with its own chip-select pin. The
    boards give each reader a bus of its own: many modules drive MISO while deselected."""

    def __init__(self, spi: "SPI", cs: "Pin", rst: "Pin | None" = None) -> None:
        self._spi = spi
        self.cs = cs
        self.rst = rst
        cs.init(cs.OUT, value=1)
        if rst is not None:
            rst.init(rst.OUT, value=1)  # NRSTPD low = hard power-down
        self._out = bytearray(2)
        self._in = bytearray(2)
        self._crc_out = bytearray((0x80 | _CRC_RESULT_L << 1, 0x80 | _CRC_RESULT_H << 1, 0))
        self._crc_in = bytearray(3)
        # Frames to send start with the FIFODataReg write address: one burst loads the FIFO.
        self._wupa = bytearray((_FIFO_WRITE, _WUPA))
        self._anticoll = []
        self._select = []
        self._select_crc_data = []
        for sel in (0x93, 0x95, 0x97):  # SEL of cascade levels 1, 2, 3
            self._anticoll.append(bytearray((_FIFO_WRITE, sel, _NVB_ANTICOLL)))
            frame = bytearray(10)
            frame[0] = _FIFO_WRITE
            frame[1] = sel
            frame[2] = _NVB_SELECT
            self._select.append(frame)
            self._select_crc_data.append(memoryview(frame)[:8])
        self._select_ok = bytearray(_LEVELS)  # 1: that SELECT frame holds CRC_A of its bytes
        self._sak = bytearray((_FIFO_WRITE, 0))
        self._sak_ok = bytearray(4 * _LEVELS)  # per level: 1, then a SAK answer that checked out
        # FIFO reads: n times the FIFODataReg read address, then 0x00; data arrives one byte late.
        self._answer = bytearray(_MAX_ANSWER + 1)
        self._fifo_reads = []
        for n in range(_MAX_ANSWER + 1):
            addresses = bytearray(n + 1)
            for i in range(n):
                addresses[i] = _FIFO_READ
            self._fifo_reads.append((addresses, memoryview(self._answer)[: n + 1]))
        self._uid = bytearray(10)
        self._last_uid: bytes | None = None
        self._tx_off = 0  # TxControlReg with the antenna drivers off, read by init()
        self._reload = -1  # TReloadReg low byte as last written (the high byte stays 0)
        self.field = False  # the carrier is on: from field_on() to the end of read_uid()
        self.collision = False  # the last read_uid() failed because several cards answered

    def init(self) -> int:
        """Reset and configure the chip; it is left in soft power-down with the field off
        (field_on() wakes it for a poll). Returns VersionReg."""
        rst = self.rst
        if rst is not None:
            rst(0)
            sleep_ms(1)
            rst(1)  # rising edge: internal reset, then the oscillator starts
            self._wait_ready(_READY_POLLS, 1)
        self._write(_COMMAND, _SOFT_RESET)
        self._wait_ready(_READY_POLLS, 1)
        version = self.read_version()
        if version == 0x00 or version == 0xFF:
            raise OSError("MFRC522 not found")
        self._write(_T_MODE, _T_AUTO | _PRESCALER >> 8)
        self._write(_T_PRESCALER, _PRESCALER & 0xFF)
        self._write(_T_RELOAD_H, 0)
        self._set_reload(_RELOAD_REQUEST)
        self._write(_TX_ASK, _FORCE_100_ASK)
        self._write(_MODE, _MODE_CRC_A)
        self._tx_off = self._read(_TX_CONTROL) & ~_ANTENNA & 0xFF
        for i in range(4 * _LEVELS):
            self._sak_ok[i] = 0
        for i in range(_LEVELS):
            self._select_ok[i] = 0
        self.power_down()
        return version

    def read_version(self) -> int:
        """VersionReg as it reads now: 0x00 (MISO held low) or 0xFF (MISO not driven) when no
        chip answers. Not kept on the object: as an instance attribute it made the bench's
        polls 5 % dearer in fuel (every attribute lookup of the reader)."""
        return self._read(_VERSION)

    def field_on(self) -> None:
        """Wake the chip, switch the carrier on and stage WUPA in the FIFO. A card in the field
        powers up now and may take up to 5 ms (ISO/IEC 14443) before it can answer, so call
        read_uid() that long after this returns: the caller waits, the driver does not."""
        self._write(_COMMAND, _IDLE)  # PowerDown = 0: the oscillator restarts
        self._wait_ready(_WAKE_POLLS, 0)
        self._write(_TX_CONTROL, self._tx_off | _ANTENNA)
        self.field = True
        self._write(_COM_IRQ, _CLEAR_ALL)
        self._write(_FIFO_LEVEL, _FLUSH_BUFFER)
        self._burst(self._wupa)
        self._write(_BIT_FRAMING, _SHORT_FRAME)  # StartSend off before the command starts

    def power_down(self) -> None:
        """Field off (every card in it resets) and the chip in soft power-down (10 uA)."""
        self.field = False
        self._write(_TX_CONTROL, self._tx_off)
        self._write(_COMMAND, _POWER_DOWN | _IDLE)

    def read_uid(self) -> "bytes | None":
        """Sends the WUPA staged by field_on() and reads the UID of the card that answers, or
        None; then field off and power-down, whatever happened (a card starts afresh from
        POWER-OFF at the next poll, so no HLTA is needed). Without field_on() first: None, with
        no bus traffic. After None, `collision` tells whether two or more cards answered."""
        self.collision = False
        if not self.field:
            return None
        try:
            self._write(_COMMAND, _TRANSCEIVE)
            self._write(_BIT_FRAMING, _START_SEND | _SHORT_FRAME)
            n = self._answer_length()
            if n != 2:  # ATQA; anything else (collision, noise) fails this poll
                return None
            self._set_reload(_RELOAD_SELECT)
            size = self._select_uid()
            return self._uid_bytes(size) if size else None
        finally:
            if self._reload != _RELOAD_REQUEST:  # kept through power-down for the next request
                self._set_reload(_RELOAD_REQUEST)
            self.power_down()

    def _select_uid(self) -> int:
        """Anticollision and SELECT per cascade level; returns the UID size, 0 on failure."""
        answer = self._answer  # answer[0] is the byte clocked out with the first address
        uid = self._uid
        size = 0
        for level in range(_LEVELS):
            if self._transceive(self._anticoll[level], 0) != 5:
                return 0
            if answer[1] ^ answer[2] ^ answer[3] ^ answer[4] != answer[5]:
                return 0  # BCC is the XOR of the 4 UID bytes
            frame = self._select[level]
            if not (
                self._select_ok[level]
                and frame[3] == answer[1]
                and frame[4] == answer[2]
                and frame[5] == answer[3]
                and frame[6] == answer[4]
            ):  # not the same as last time: needs its own CRC_A
                self._select_ok[level] = 0
                for i in range(1, 6):
                    frame[2 + i] = answer[i]
                self._calc_crc(self._select_crc_data[level])
                frame[8] = self._crc_in[1]
                frame[9] = self._crc_in[2]
                self._select_ok[level] = 1
            if self._transceive(frame, 0) != 3 or not self._sak_checks_out(level):
                return 0
            if answer[1] & _SAK_CASCADE:
                if frame[3] != _CASCADE_TAG:
                    return 0
                for i in range(4, 7):
                    uid[size] = frame[i]
                    size += 1
                continue
            for i in range(3, 7):
                uid[size] = frame[i]
                size += 1
            return size
        return 0  # still not complete after 3 levels

    # --- ISO 14443-3A helpers ------------------------------------------------------------------

    def _sak_checks_out(self, level: int) -> bool:
        # SAK + CRC_A in answer[1..3]; an answer identical to one already checked needs no CRC.
        answer = self._answer
        seen = self._sak_ok
        k = 4 * level
        if (
            seen[k]
            and seen[k + 1] == answer[1]
            and seen[k + 2] == answer[2]
            and seen[k + 3] == answer[3]
        ):
            return True
        self._sak[1] = answer[1]
        self._calc_crc(self._sak)
        if self._crc_in[1] != answer[2] or self._crc_in[2] != answer[3]:
            return False
        seen[k] = 1
        seen[k + 1] = answer[1]
        seen[k + 2] = answer[2]
        seen[k + 3] = answer[3]
        return True

    def _uid_bytes(self, size: int) -> bytes:
        last = self._last_uid
        uid = self._uid
        if last is not None and len(last) == size:
            for i in range(size):
                if last[i] != uid[i]:
                    break
            else:
                return last  # same card: no new object
        last = bytes(uid[:size])
        self._last_uid = last
        return last

    # --- chip commands -------------------------------------------------------------------------

    def _transceive(self, frame, last_bits: int) -> int:
        """Sends frame[1:]; returns answer bytes (in _answer[1:]), 0 if none, -1 if bad."""
        self._write(_COMMAND, _IDLE)
        self._write(_COM_IRQ, _CLEAR_ALL)
        self._write(_FIFO_LEVEL, _FLUSH_BUFFER)
        self._burst(frame)
        self._write(_BIT_FRAMING, last_bits)  # StartSend off before the command starts
        self._write(_COMMAND, _TRANSCEIVE)
        self._write(_BIT_FRAMING, _START_SEND | last_bits)
        return self._answer_length()

    def _answer_length(self) -> int:
        """Waits for the exchange started; answer bytes (in _answer[1:]), 0 none, -1 bad."""
        irq = self._wait_irq(_COM_IRQ, _RX_IRQ | _IDLE_IRQ | _TIMER_IRQ)
        if irq & _ERR_IRQ:
            error = self._read(_ERROR)
            if error & (_WR_ERR | _TEMP_ERR):
                raise OSError("MFRC522 error %02x" % error)
            if error:
                if error & _COLL_ERR:
                    self.collision = True
                return -1  # collision, CRC, parity, protocol or FIFO overflow
        if not irq & _RX_IRQ:
            return 0  # the timer ran out: no answer
        n = self._read(_FIFO_LEVEL)
        if n == 0 or n > _MAX_ANSWER:
            return -1
        addresses, answer = self._fifo_reads[n]
        self.cs(0)
        self._spi.write_readinto(addresses, answer)
        self.cs(1)
        return n

    def _calc_crc(self, data) -> None:
        """CRC_A of data[1:] by the coprocessor; result low, high in _crc_in[1], _crc_in[2]."""
        self._write(_COMMAND, _IDLE)
        self._write(_DIV_IRQ, _CRC_IRQ)  # Set2 = 0: clear CRCIRq
        self._write(_FIFO_LEVEL, _FLUSH_BUFFER)
        self._burst(data)
        self._write(_COMMAND, _CALC_CRC)
        self._wait_irq(_DIV_IRQ, _CRC_IRQ)
        self.cs(0)
        self._spi.write_readinto(self._crc_out, self._crc_in)
        self.cs(1)

    def _set_reload(self, ticks: int) -> None:
        self._write(_T_RELOAD_L, ticks)
        self._reload = ticks

    def _wait_ready(self, tries: int, pause_ms: int) -> None:
        for _ in range(tries):
            command = self._read(_COMMAND)
            if command == 0xFF:
                break  # bits 7..6 are reserved and read 0: nobody drives MISO
            if not command & _POWER_DOWN:
                return
            if pause_ms:
                sleep_ms(pause_ms)
        version = self.read_version()
        if version == 0x00 or version == 0xFF:
            raise OSError("MFRC522 not found")
        raise OSError("MFRC522 reset timeout")

    def _wait_irq(self, reg: int, mask: int) -> int:
        for _ in range(_IRQ_POLLS):
            irq = self._read(reg)
            if irq & mask:
                return irq
        raise OSError("MFRC522 timeout")

    # --- SPI -----------------------------------------------------------------------------------

    def _read(self, reg: int) -> int:
        out = self._out
        out[0] = 0x80 | reg << 1
        out[1] = 0
        self.cs(0)
        self._spi.write_readinto(out, self._in)
        self.cs(1)
        return self._in[1]

    def _write(self, reg: int, value: int) -> None:
        out = self._out
        out[0] = reg << 1
        out[1] = value
        self.cs(0)
        self._spi.write(out)
        self.cs(1)

    def _burst(self, data) -> None:
        self.cs(0)
        self._spi.write(data)
        self.cs(1)


class CardSlot:
    """Card presence in one reader, a few times a second: reader.field_on(), then poll() at
    least power_up_ms later (it switches the field off again); act on what poll() returns.

    INSERTED: a card (uid, uid_hex) is in. REMOVED: it left. COLLISION: two or more cards
    answer at once, so no single card can be vouched for; the slot counts as empty (a card it
    held is gone) and `collided` stays True until one card answers alone or the field is quiet.
    """

    misses_allowed = 1  # polls in a row without an answer that still count as present
    power_up_ms = POWER_UP_MS  # from field_on() to poll()
    NOTHING = 0
    INSERTED = 1
    REMOVED = 2
    COLLISION = 3

    def __init__(self, reader: MFRC522) -> None:
        self.reader = reader
        self.uid: bytes | None = None
        self.uid_hex: str | None = None  # lowercase hex of uid, made only when the card changes
        self.collided = False
        self._misses = 0

    def poll(self) -> int:
        uid = self.reader.read_uid()
        if uid is None:
            if self.reader.collision:
                self._misses = 0
                if self.collided:
                    return self.NOTHING  # reported once per episode
                self.collided = True
                self.uid = None
                self.uid_hex = None
                return self.COLLISION
            if self.uid is None and not self.collided:
                return self.NOTHING
            self._misses += 1
            if self._misses <= self.misses_allowed:
                return self.NOTHING
            self._misses = 0
            if self.collided:
                self.collided = False  # the cards left together: the slot is simply empty
                return self.NOTHING
            self.uid = None
            self.uid_hex = None
            return self.REMOVED
        self._misses = 0
        self.collided = False
        if uid is self.uid or uid == self.uid:
            return self.NOTHING
        self.uid = uid
        self.uid_hex = hexlify(uid).decode()
        return self.INSERTED
