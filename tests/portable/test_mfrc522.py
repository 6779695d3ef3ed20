# MFRC522 driver and CardSlot against the register-level virtual chip and ISO 14443-3A cards.
from drivers.mfrc522 import MFRC522, CardSlot
from peripherals.bus import SPI, Pin
from peripherals.mfrc522_chip import MFRC522Chip, VirtualCard

try:
    from micropython import heap_lock, heap_unlock
except ImportError:  # CPython: no heap lock; the same-object checks still run
    heap_lock = None
    heap_unlock = None

UID4 = b"\x04\xa1\xb2\xc3"
UID4_OTHER = b"\x9e\x10\x20\x30"
UID7 = b"\x04\x5a\x6b\x7c\x8d\x9e\x80"
UID10 = b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a"

# Register addresses, for looking inside the virtual chip
ERROR = 0x06
MODE = 0x11
TX_CONTROL = 0x14
TX_ASK = 0x15
T_MODE = 0x2A


def rig(version=0x92, rst_pin=False, spi=None, cs_id=17):
    spi = spi if spi is not None else SPI(0)
    cs = Pin(cs_id, Pin.OUT, value=1)
    rst = Pin(cs_id + 100) if rst_pin else None
    chip = MFRC522Chip(rst=rst, version=version)
    spi.attach(cs, chip)
    return spi, chip, MFRC522(spi, cs, rst)


def ready(uid=None, **kwargs):
    spi, chip, reader = rig(**kwargs)
    reader.init()
    if uid is not None:
        chip.put_card(VirtualCard(uid))
    return spi, chip, reader


def raises_oserror(fn, text=None):
    try:
        fn()
    except OSError as error:
        return text is None or text in str(error)
    return False


# --- init ----------------------------------------------------------------------------------


def test_init_returns_version_and_configures_the_chip():
    _, chip, reader = rig(version=0x92)
    assert reader.init() == 0x92
    assert chip.soft_resets == 1
    assert chip.regs[MODE] & 0x03 == 0x01  # CRCPreset 0x6363 (CRC_A)
    assert chip.regs[TX_ASK] == 0x40  # Force100ASK
    assert chip.regs[T_MODE] & 0x80  # TAuto: a silent card ends in a timeout
    assert chip.regs[TX_CONTROL] & 0x03 == 0x03  # antenna on
    assert chip.field


def test_init_accepts_v1_and_clone_versions():
    for version in (0x91, 0x88, 0x12):
        assert rig(version=version)[2].init() == version


def test_init_pulses_rst_and_waits_for_wake_up():
    _, chip, reader = rig(rst_pin=True)
    before = chip.hard_resets
    chip.wake_reads = 4  # the chip needs a few polls before PowerDown reads 0
    assert reader.init() == 0x92
    assert chip.hard_resets == before + 1
    assert chip.regs[MODE] & 0x03 == 0x01  # written after wake-up, so not lost


def test_missing_chip_raises():
    for miso in (0xFF, 0x00):
        _, chip, reader = rig()
        chip.present = False
        chip.absent_miso = miso
        assert raises_oserror(reader.init, "MFRC522 not found")
    spi = SPI(0)
    empty_slot = MFRC522(spi, Pin(5, Pin.OUT, value=1))  # nothing attached: MISO pulled high
    assert raises_oserror(empty_slot.init, "MFRC522 not found")


def test_chip_that_never_wakes_raises():
    _, chip, reader = rig()
    chip.wake_reads = 1000
    assert raises_oserror(reader.init, "reset timeout")


# --- reading UIDs --------------------------------------------------------------------------


def test_no_card_reads_none():
    _, _, reader = ready()
    assert reader.read_uid() is None
    assert reader.read_uid() is None


def test_reads_4_7_and_10_byte_uids():
    for uid in (UID4, UID7, UID10):
        _, chip, reader = ready(uid)
        assert reader.read_uid() == uid
        assert chip.card.state == VirtualCard.HALT  # HLTA after the read


def test_reads_follow_a_card_swap():
    _, chip, reader = ready(UID4)
    assert reader.read_uid() == UID4
    chip.put_card(VirtualCard(UID7))
    assert reader.read_uid() == UID7
    chip.put_card(VirtualCard(UID4_OTHER))
    assert reader.read_uid() == UID4_OTHER
    chip.put_card(VirtualCard(UID4))
    assert reader.read_uid() == UID4


def test_wupa_wakes_a_halted_card_on_the_next_poll():
    _, chip, reader = ready(UID7)
    card = chip.card
    for _ in range(3):
        assert reader.read_uid() == UID7
        assert card.state == VirtualCard.HALT


def test_halted_card_answers_wupa_only():
    card = VirtualCard(UID4)
    card.power(True)
    answer = bytearray(8)
    assert card.hear(b"\x26", 1, 7, answer) == 2  # REQA from IDLE
    assert answer[0] == 0x04 and answer[1] == 0x00  # ATQA: single-size UID
    card.state = VirtualCard.HALT
    assert card.hear(b"\x26", 1, 7, answer) == 0  # REQA: a halted card stays silent
    assert card.hear(b"\x52", 1, 7, answer) == 2  # WUPA wakes it
    assert card.state == VirtualCard.READY
    assert card.hear(b"\x52", 1, 8, answer) == 0  # WUPA as 8 bits is no short frame


def test_bad_bcc_is_not_accepted_and_next_poll_reads():
    _, chip, reader = ready(UID4)
    chip.corrupt_next_bcc()
    assert reader.read_uid() is None
    assert reader.read_uid() == UID4


def test_bad_sak_crc_is_not_accepted_and_next_poll_reads():
    _, chip, reader = ready(UID7)
    chip.corrupt_next_crc()
    assert reader.read_uid() is None
    assert reader.read_uid() == UID7
    chip.corrupt_next_crc()  # also after a good read, when the SAK answer is already known
    assert reader.read_uid() is None
    assert reader.read_uid() == UID7


def test_sak_cascade_without_cascade_tag_is_refused():
    _, chip, reader = ready()
    chip.put_card(VirtualCard(UID4, sak=0x04))  # claims the UID goes on, but CL1 has no 0x88
    assert reader.read_uid() is None


def test_two_cards_in_one_field_collide_and_give_no_uid():
    _, chip, reader = ready(UID4)
    chip.add_card(VirtualCard(UID4_OTHER))
    assert reader.read_uid() is None
    assert chip.regs[ERROR] & 0x08  # CollErr
    chip.put_card(VirtualCard(UID4_OTHER))
    assert reader.read_uid() == UID4_OTHER


def test_antenna_off_powers_cards_down_and_reads_nothing():
    spi, chip, reader = ready(UID4)
    reader.antenna(False)
    assert not chip.field
    assert chip.card.state == VirtualCard.POWER_OFF
    before = spi.bytes_moved
    assert reader.read_uid() is None
    assert spi.bytes_moved == before  # no bus traffic while off
    reader.antenna(True)
    assert chip.card.state == VirtualCard.IDLE
    assert reader.read_uid() == UID4


def test_chip_lost_mid_game_raises():
    for miso in (0xFF, 0x00):  # 0xFF looks like every error bit, 0x00 like a silent chip
        _, chip, reader = ready(UID4)
        assert reader.read_uid() == UID4
        chip.present = False
        chip.absent_miso = miso
        assert raises_oserror(reader.read_uid)


def locked(fn):
    """fn() with the MicroPython heap locked: any allocation raises MemoryError."""
    if heap_lock is None:
        return fn()
    heap_lock()
    try:
        return fn()
    finally:
        heap_unlock()


def test_polls_allocate_nothing_once_the_card_is_known():
    _, chip, reader = ready(UID7)
    first = reader.read_uid()
    slot = CardSlot(reader)
    event = slot.poll()  # outside assert: mpy-cross -O1 drops asserts and what they call
    assert event == CardSlot.INSERTED
    again = locked(reader.read_uid)
    assert again is first  # same card: the same bytes object, nothing new
    event = locked(slot.poll)
    assert event == CardSlot.NOTHING
    chip.miss_next(1)
    event = locked(slot.poll)  # no answer: WUPA and the timeout
    assert event == CardSlot.NOTHING
    chip.corrupt_next_crc()
    uid = locked(reader.read_uid)  # a failed selection and its HLTA
    assert uid is None
    chip.corrupt_next_bcc()
    uid = locked(reader.read_uid)
    assert uid is None


# --- CardSlot ------------------------------------------------------------------------------


def test_card_slot_insert_stay_and_tolerate_one_miss():
    _, chip, reader = ready()
    slot = CardSlot(reader)
    assert slot.poll() == CardSlot.NOTHING
    assert slot.uid_hex is None
    chip.put_card(VirtualCard(UID4))
    assert slot.poll() == CardSlot.INSERTED
    assert slot.uid_hex == "04a1b2c3"
    assert slot.poll() == CardSlot.NOTHING  # still present
    chip.miss_next(1)  # tilted: one poll unanswered
    assert slot.poll() == CardSlot.NOTHING
    assert slot.uid_hex == "04a1b2c3"
    assert slot.poll() == CardSlot.NOTHING
    chip.miss_next(1)  # the miss count starts again after an answer
    assert slot.poll() == CardSlot.NOTHING
    assert slot.poll() == CardSlot.NOTHING


def test_card_slot_two_misses_remove():
    _, chip, reader = ready(UID7)
    slot = CardSlot(reader)
    assert slot.poll() == CardSlot.INSERTED
    assert slot.uid_hex == "045a6b7c8d9e80"
    chip.miss_next(2)
    assert slot.poll() == CardSlot.NOTHING
    assert slot.poll() == CardSlot.REMOVED
    assert slot.uid_hex is None
    assert slot.poll() == CardSlot.INSERTED  # it answers again: back in
    chip.remove_card()
    assert slot.poll() == CardSlot.NOTHING
    assert slot.poll() == CardSlot.REMOVED
    assert slot.poll() == CardSlot.NOTHING


def test_card_slot_swapped_card_is_inserted_with_new_uid():
    _, chip, reader = ready(UID4)
    slot = CardSlot(reader)
    assert slot.poll() == CardSlot.INSERTED
    chip.put_card(VirtualCard(UID4_OTHER))
    assert slot.poll() == CardSlot.INSERTED
    assert slot.uid_hex == "9e102030"
    chip.remove_card()  # swapped during a miss: one miss, then the new card
    assert slot.poll() == CardSlot.NOTHING
    chip.put_card(VirtualCard(UID7))
    assert slot.poll() == CardSlot.INSERTED
    assert slot.uid_hex == "045a6b7c8d9e80"


def test_card_slot_noise_is_one_tolerated_miss():
    _, chip, reader = ready(UID4)
    slot = CardSlot(reader)
    assert slot.poll() == CardSlot.INSERTED
    chip.corrupt_next_crc()
    assert slot.poll() == CardSlot.NOTHING
    assert slot.poll() == CardSlot.NOTHING  # read fine again: still the same card
    assert slot.uid_hex == "04a1b2c3"


def test_collision_is_told_apart_from_silence_and_noise():
    _, chip, reader = ready(UID4)
    assert reader.read_uid() == UID4
    assert not reader.collision
    chip.add_card(VirtualCard(UID4_OTHER))
    assert reader.read_uid() is None
    assert reader.collision  # CollErr: two cards answered
    chip.remove_card()
    assert reader.read_uid() is None
    assert not reader.collision  # silence
    chip.put_card(VirtualCard(UID7))
    chip.corrupt_next_crc()
    assert reader.read_uid() is None
    assert not reader.collision  # noise is not a second card


def test_card_slot_reports_a_collision_once_and_recovers():
    _, chip, reader = ready(UID4)
    slot = CardSlot(reader)
    assert slot.poll() == CardSlot.INSERTED
    chip.add_card(VirtualCard(UID4_OTHER))  # a second card on top of the first
    event = locked(slot.poll)
    assert event == CardSlot.COLLISION
    assert slot.collided and slot.uid is None and slot.uid_hex is None
    event = locked(slot.poll)
    assert event == CardSlot.NOTHING  # once per episode
    chip.put_card(VirtualCard(UID4))  # the second card taken away
    assert slot.poll() == CardSlot.INSERTED
    assert not slot.collided and slot.uid_hex == "04a1b2c3"
    chip.add_card(VirtualCard(UID4_OTHER))
    assert slot.poll() == CardSlot.COLLISION
    chip.remove_card()  # both taken away together
    assert slot.poll() == CardSlot.NOTHING
    assert slot.collided  # one quiet poll may be a miss
    assert slot.poll() == CardSlot.NOTHING
    assert not slot.collided
    chip.put_card(VirtualCard(UID7))
    assert slot.poll() == CardSlot.INSERTED


# --- two readers on one bus ----------------------------------------------------------------


def test_two_readers_on_one_bus_see_only_their_own_cards():
    spi, green_chip, green_reader = rig(cs_id=17, rst_pin=True)
    _, red_chip, red_reader = rig(spi=spi, cs_id=18, rst_pin=True)
    assert green_reader.init() == 0x92
    assert red_reader.init() == 0x92
    green = CardSlot(green_reader)
    red = CardSlot(red_reader)
    green_chip.put_card(VirtualCard(UID4))
    assert green.poll() == CardSlot.INSERTED
    assert red.poll() == CardSlot.NOTHING
    red_chip.put_card(VirtualCard(UID7))
    assert red.poll() == CardSlot.INSERTED
    assert green.poll() == CardSlot.NOTHING
    assert green.uid_hex == "04a1b2c3"
    assert red.uid_hex == "045a6b7c8d9e80"
    green_chip.remove_card()
    assert green.poll() == CardSlot.NOTHING
    assert green.poll() == CardSlot.REMOVED
    assert red.poll() == CardSlot.NOTHING
    assert red.uid_hex == "045a6b7c8d9e80"


# --- bus budget ----------------------------------------------------------------------------


def bytes_per_poll(reader, spi):
    before = spi.bytes_moved
    reader.read_uid()
    return spi.bytes_moved - before


def test_spi_bytes_per_poll_stay_within_budget():
    spi, chip, reader = ready()
    assert bytes_per_poll(reader, spi) <= 20  # no card: WUPA and the timeout
    chip.put_card(VirtualCard(UID4))
    bytes_per_poll(reader, spi)  # first sight computes the SELECT CRC_A
    assert bytes_per_poll(reader, spi) <= 100
    chip.put_card(VirtualCard(UID7))
    bytes_per_poll(reader, spi)
    assert bytes_per_poll(reader, spi) <= 160
