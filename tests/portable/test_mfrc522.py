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


def read(reader):
    """One poll as the unit does it: field on, (the card's power-up time), the read."""
    reader.field_on()
    return reader.read_uid()


def poll(slot):
    slot.reader.field_on()
    return slot.poll()


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
    assert chip.regs[TX_CONTROL] & 0x03 == 0  # antenna off until the first poll
    assert not chip.field and chip.asleep  # soft power-down between polls
    assert not reader.field


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
    assert read(reader) is None
    assert read(reader) is None


def test_reads_4_7_and_10_byte_uids():
    for uid in (UID4, UID7, UID10):
        _, chip, reader = ready(uid)
        assert read(reader) == uid
        assert chip.card.state == VirtualCard.POWER_OFF  # the field went off after the read


def test_reads_follow_a_card_swap():
    _, chip, reader = ready(UID4)
    assert read(reader) == UID4
    chip.put_card(VirtualCard(UID7))
    assert read(reader) == UID7
    chip.put_card(VirtualCard(UID4_OTHER))
    assert read(reader) == UID4_OTHER
    chip.put_card(VirtualCard(UID4))
    assert read(reader) == UID4


def test_every_poll_ends_with_the_field_off_and_the_chip_asleep():
    _, chip, reader = ready(UID7)
    card = chip.card
    for _ in range(3):
        reader.field_on()
        assert chip.field and not chip.asleep and reader.field
        assert card.state == VirtualCard.IDLE  # powered up afresh: no HLTA was needed
        assert reader.read_uid() == UID7
        assert not chip.field and chip.asleep and not reader.field
        assert card.state == VirtualCard.POWER_OFF
    chip.corrupt_next_crc()  # a failed selection leaves the field off too
    assert read(reader) is None
    assert not chip.field and card.state == VirtualCard.POWER_OFF
    chip.add_card(VirtualCard(UID4))
    assert read(reader) is None  # a collision too
    assert not chip.field


def test_a_read_that_fails_on_the_bus_still_tries_to_switch_the_field_off():
    _, chip, reader = ready(UID4)
    reader.field_on()
    chip.absent_miso = 0x00
    chip.present = False  # gone mid-poll: every IRQ read says nothing happened
    assert raises_oserror(reader.read_uid)
    assert not reader.field  # the driver does not believe the field is still on


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
    assert read(reader) is None
    assert read(reader) == UID4


def test_bad_sak_crc_is_not_accepted_and_next_poll_reads():
    _, chip, reader = ready(UID7)
    chip.corrupt_next_crc()
    assert read(reader) is None
    assert read(reader) == UID7
    chip.corrupt_next_crc()  # also after a good read, when the SAK answer is already known
    assert read(reader) is None
    assert read(reader) == UID7


def test_sak_cascade_without_cascade_tag_is_refused():
    _, chip, reader = ready()
    chip.put_card(VirtualCard(UID4, sak=0x04))  # claims the UID goes on, but CL1 has no 0x88
    assert read(reader) is None


def test_two_cards_in_one_field_collide_and_give_no_uid():
    _, chip, reader = ready(UID4)
    chip.add_card(VirtualCard(UID4_OTHER))
    assert read(reader) is None
    assert chip.regs[ERROR] & 0x08  # CollErr
    chip.put_card(VirtualCard(UID4_OTHER))
    assert read(reader) == UID4_OTHER


def test_read_without_field_on_reads_nothing_and_leaves_the_bus_alone():
    spi, chip, reader = ready(UID4)
    assert chip.card.state == VirtualCard.POWER_OFF
    before = spi.bytes_moved
    assert reader.read_uid() is None
    assert spi.bytes_moved == before  # no bus traffic while off
    reader.field_on()
    assert chip.card.state == VirtualCard.IDLE
    assert reader.read_uid() == UID4


def test_a_card_answers_only_after_its_power_up_time():
    clock = [1000000]  # us
    spi = SPI(0)
    cs = Pin(17, Pin.OUT, value=1)
    chip = MFRC522Chip(clock_us=lambda: clock[0])
    spi.attach(cs, chip)
    reader = MFRC522(spi, cs)
    reader.init()
    chip.put_card(VirtualCard(UID4))
    slot = CardSlot(reader)
    # Polling right after the field comes on, as one blocking step would, misses the card.
    for _ in range(3):
        event = poll(slot)
        assert event == CardSlot.NOTHING
        clock[0] += 120000
    reader.field_on()
    clock[0] += (CardSlot.power_up_ms - 1) * 1000
    assert reader.read_uid() is None  # 4 ms: not yet
    reader.field_on()
    clock[0] += CardSlot.power_up_ms * 1000
    assert slot.poll() == CardSlot.INSERTED  # 5 ms after field_on, the power-up time
    assert slot.uid == UID4


def test_chip_lost_mid_game_raises():
    for miso in (0xFF, 0x00):  # 0xFF looks like every error bit, 0x00 like a silent chip
        _, chip, reader = ready(UID4)
        assert read(reader) == UID4
        chip.present = False
        chip.absent_miso = miso
        assert raises_oserror(lambda reader=reader: read(reader))


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
    first = read(reader)
    slot = CardSlot(reader)
    event = poll(slot)  # outside assert: mpy-cross -O1 drops asserts and what they call
    assert event == CardSlot.INSERTED
    again = locked(lambda: read(reader))
    assert again is first  # same card: the same bytes object, nothing new
    event = locked(lambda: poll(slot))
    assert event == CardSlot.NOTHING
    chip.miss_next(1)
    event = locked(lambda: poll(slot))  # no answer: WUPA and the timeout
    assert event == CardSlot.NOTHING
    chip.corrupt_next_crc()
    uid = locked(lambda: read(reader))  # a failed selection
    assert uid is None
    chip.corrupt_next_bcc()
    uid = locked(lambda: read(reader))
    assert uid is None


# --- CardSlot ------------------------------------------------------------------------------


def test_card_slot_insert_stay_and_tolerate_one_miss():
    _, chip, reader = ready()
    slot = CardSlot(reader)
    assert poll(slot) == CardSlot.NOTHING
    assert slot.uid_hex is None
    chip.put_card(VirtualCard(UID4))
    assert poll(slot) == CardSlot.INSERTED
    assert slot.uid_hex == "04a1b2c3"
    assert poll(slot) == CardSlot.NOTHING  # still present
    chip.miss_next(1)  # tilted: one poll unanswered
    assert poll(slot) == CardSlot.NOTHING
    assert slot.uid_hex == "04a1b2c3"
    assert poll(slot) == CardSlot.NOTHING
    chip.miss_next(1)  # the miss count starts again after an answer
    assert poll(slot) == CardSlot.NOTHING
    assert poll(slot) == CardSlot.NOTHING


def test_card_slot_two_misses_remove():
    _, chip, reader = ready(UID7)
    slot = CardSlot(reader)
    assert poll(slot) == CardSlot.INSERTED
    assert slot.uid_hex == "045a6b7c8d9e80"
    chip.miss_next(2)
    assert poll(slot) == CardSlot.NOTHING
    assert poll(slot) == CardSlot.REMOVED
    assert slot.uid_hex is None
    assert poll(slot) == CardSlot.INSERTED  # it answers again: back in
    chip.remove_card()
    assert poll(slot) == CardSlot.NOTHING
    assert poll(slot) == CardSlot.REMOVED
    assert poll(slot) == CardSlot.NOTHING


def test_card_slot_swapped_card_is_inserted_with_new_uid():
    _, chip, reader = ready(UID4)
    slot = CardSlot(reader)
    assert poll(slot) == CardSlot.INSERTED
    chip.put_card(VirtualCard(UID4_OTHER))
    assert poll(slot) == CardSlot.INSERTED
    assert slot.uid_hex == "9e102030"
    chip.remove_card()  # swapped during a miss: one miss, then the new card
    assert poll(slot) == CardSlot.NOTHING
    chip.put_card(VirtualCard(UID7))
    assert poll(slot) == CardSlot.INSERTED
    assert slot.uid_hex == "045a6b7c8d9e80"


def test_card_slot_noise_is_one_tolerated_miss():
    _, chip, reader = ready(UID4)
    slot = CardSlot(reader)
    assert poll(slot) == CardSlot.INSERTED
    chip.corrupt_next_crc()
    assert poll(slot) == CardSlot.NOTHING
    assert poll(slot) == CardSlot.NOTHING  # read fine again: still the same card
    assert slot.uid_hex == "04a1b2c3"


def test_collision_is_told_apart_from_silence_and_noise():
    _, chip, reader = ready(UID4)
    assert read(reader) == UID4
    assert not reader.collision
    chip.add_card(VirtualCard(UID4_OTHER))
    assert read(reader) is None
    assert reader.collision  # CollErr: two cards answered
    chip.remove_card()
    assert read(reader) is None
    assert not reader.collision  # silence
    chip.put_card(VirtualCard(UID7))
    chip.corrupt_next_crc()
    assert read(reader) is None
    assert not reader.collision  # noise is not a second card


def test_card_slot_reports_a_collision_once_and_recovers():
    _, chip, reader = ready(UID4)
    slot = CardSlot(reader)
    assert poll(slot) == CardSlot.INSERTED
    chip.add_card(VirtualCard(UID4_OTHER))  # a second card on top of the first
    event = locked(lambda: poll(slot))
    assert event == CardSlot.COLLISION
    assert slot.collided and slot.uid is None and slot.uid_hex is None
    event = locked(lambda: poll(slot))
    assert event == CardSlot.NOTHING  # once per episode
    chip.put_card(VirtualCard(UID4))  # the second card taken away
    assert poll(slot) == CardSlot.INSERTED
    assert not slot.collided and slot.uid_hex == "04a1b2c3"
    chip.add_card(VirtualCard(UID4_OTHER))
    assert poll(slot) == CardSlot.COLLISION
    chip.remove_card()  # both taken away together
    assert poll(slot) == CardSlot.NOTHING
    assert slot.collided  # one quiet poll may be a miss
    assert poll(slot) == CardSlot.NOTHING
    assert not slot.collided
    chip.put_card(VirtualCard(UID7))
    assert poll(slot) == CardSlot.INSERTED


# --- two readers on one bus ----------------------------------------------------------------


def test_two_readers_on_one_bus_see_only_their_own_cards():
    spi, green_chip, green_reader = rig(cs_id=17, rst_pin=True)
    _, red_chip, red_reader = rig(spi=spi, cs_id=18, rst_pin=True)
    assert green_reader.init() == 0x92
    assert red_reader.init() == 0x92
    green = CardSlot(green_reader)
    red = CardSlot(red_reader)
    green_chip.put_card(VirtualCard(UID4))
    assert poll(green) == CardSlot.INSERTED
    assert poll(red) == CardSlot.NOTHING
    red_chip.put_card(VirtualCard(UID7))
    assert poll(red) == CardSlot.INSERTED
    assert poll(green) == CardSlot.NOTHING
    assert green.uid_hex == "04a1b2c3"
    assert red.uid_hex == "045a6b7c8d9e80"
    green_chip.remove_card()
    assert poll(green) == CardSlot.NOTHING
    assert poll(green) == CardSlot.REMOVED
    assert poll(red) == CardSlot.NOTHING
    assert red.uid_hex == "045a6b7c8d9e80"


# --- bus budget ----------------------------------------------------------------------------


SPI_US_PER_BYTE = 2  # 8 bits at 4 MHz (boards/pico.py)


def cost(spi, chip, step):
    """SPI bytes, transactions and blocking time in us of step(): the time the chip's timer
    waited for an answer plus the bytes on the wire."""
    moved = spi.bytes_moved
    selects = chip.selects
    waited = chip.timer_us
    step()
    moved = spi.bytes_moved - moved
    return moved, chip.selects - selects, chip.timer_us - waited + moved * SPI_US_PER_BYTE


def test_an_empty_poll_blocks_under_2_ms_with_little_bus_traffic():
    spi, chip, reader = ready()
    on_bytes, on_selects, on_us = cost(spi, chip, reader.field_on)
    read_bytes, read_selects, read_us = cost(spi, chip, reader.read_uid)
    assert read_us <= 2000  # the request's timer (0.5 ms) and the wire
    assert read_us <= 600
    assert on_us <= 100  # field on: no wait for the card (the caller waits, asleep)
    # WUPA sent, one IRQ read, field off, power-down: the rest was staged by field_on()
    assert read_selects <= 5 and read_bytes <= 10
    assert on_selects + read_selects <= 13 and on_bytes + read_bytes <= 26
    chip.put_card(VirtualCard(UID7))
    assert read(reader) == UID7  # anticollision and SELECT wait up to 1 ms each
    chip.remove_card()
    assert cost(spi, chip, reader.field_on)[:2] == (on_bytes, on_selects)
    assert cost(spi, chip, reader.read_uid) == (read_bytes, read_selects, read_us)  # 0.5 ms


def test_a_card_poll_blocks_a_few_ms_at_most():
    for uid in (UID4, UID7, UID10):
        spi, chip, reader = ready(uid)
        read(reader)  # first sight computes the SELECT CRC_As
        chip.miss_next(1)  # the card tilted: the request times out
        reader.field_on()
        _, _, us = cost(spi, chip, reader.read_uid)
        assert us <= 600
        chip.corrupt_next_bcc()  # an anticollision answer garbled: no timer wait either
        reader.field_on()
        _, _, us = cost(spi, chip, reader.read_uid)
        assert us <= 600
        reader.field_on()
        _, _, us = cost(spi, chip, reader.read_uid)
        assert us <= 1000  # cards answer: the timer stops at the answer's 5th bit


def bytes_per_poll(reader, spi):
    before = spi.bytes_moved
    read(reader)
    return spi.bytes_moved - before


def test_spi_bytes_per_poll_stay_within_budget():
    spi, chip, reader = ready()
    assert bytes_per_poll(reader, spi) <= 28  # no card: wake, field on, WUPA, field off
    chip.put_card(VirtualCard(UID4))
    bytes_per_poll(reader, spi)  # first sight computes the SELECT CRC_A
    assert bytes_per_poll(reader, spi) <= 100
    chip.put_card(VirtualCard(UID7))
    bytes_per_poll(reader, spi)
    assert bytes_per_poll(reader, spi) <= 160
