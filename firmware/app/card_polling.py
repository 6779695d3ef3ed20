# The shell's card readers: each started (and looked for again while missing), polled in two
# halves (the field on, then the read), its bus faults counted, and lost after too many. These
# are BankUnit's steps on its reader fields (readers, slots, reader_faults, field_at, retry_at),
# kept here apart from the keys and the screen; the card events go to the unit's active machine.
from compat.ticks import ticks_add, ticks_diff


def start_reader(unit, slot: int, now: int) -> None:
    reader = unit.readers[slot]
    unit.retry_at[slot] = ticks_add(now, unit.retry_ms)
    if reader is None:
        return
    try:
        reader.init()
    except OSError:
        unit.slots[slot] = None
        return
    from drivers.mfrc522 import CardSlot  # loaded with the first reader: none when card-less

    unit.slots[slot] = CardSlot(reader)
    unit.reader_faults[slot] = 0


def cards_in(unit, now: int) -> None:
    """The summary or the menu closed: cards laid in while it ran reach the edition now."""
    for slot in (0, 1):  # GREEN, RED
        card_slot = unit.slots[slot]
        if card_slot is not None and card_slot.uid_hex is not None:
            unit.edition.card_present(slot, card_slot.uid_hex, now)
            unit.settle()


def start_poll(unit, slot: int, now: int) -> None:
    """First half of a reader poll: the field on, so a card in it powers up. Call
    poll_reader(slot, ...) power_up_ms (5 ms) or more later, at another wake-up: the unit
    does not wait for the card."""
    if not unit.uses_cards:
        return
    card_slot = unit.slots[slot]
    if card_slot is None:
        if unit.readers[slot] is not None and ticks_diff(now, unit.retry_at[slot]) >= 0:
            start_reader(unit, slot, now)
        return
    try:
        card_slot.reader.field_on()
    except OSError:
        _reader_fault(unit, slot, now)
        return
    unit.field_at[slot] = now


def poll_reader(unit, slot: int, now: int) -> None:
    """Second half: the request and the read if the field has been on long enough, then
    the field off. Without a start_poll before it, or too soon after it, it does nothing
    (the field stays as it is); for a card-less edition it only makes sure the field is off
    (the settings menu may have switched the edition between the two halves)."""
    card_slot = unit.slots[slot]
    if not unit.uses_cards or card_slot is None:
        _field_off(unit, slot)
        return
    if not card_slot.reader.field:
        return
    if ticks_diff(now, unit.field_at[slot]) < card_slot.power_up_ms:
        return
    had_card = card_slot.uid is not None
    try:
        change = card_slot.poll()
    except OSError:
        _reader_fault(unit, slot, now)
        return
    unit.reader_faults[slot] = 0
    machine = unit.active
    if change == card_slot.INSERTED:
        machine.card_present(slot, card_slot.uid_hex, now)
        unit.settle()
    elif change == card_slot.REMOVED:
        machine.card_gone(slot, now)
        unit.settle()
    elif change == card_slot.COLLISION:
        if had_card:
            machine.card_gone(slot, now)  # which card would pay is unknowable
        unit.settle("error")
    if unit.overlay is not None:
        unit.overlay_check(now)


def _field_off(unit, slot: int) -> None:
    reader = unit.readers[slot]
    if reader is not None and reader.field:
        try:
            reader.power_down()
        except OSError:
            pass  # a reader gone from the bus: its next init() starts it with the field off


def _reader_fault(unit, slot: int, now: int) -> None:
    unit.reader_faults[slot] += 1
    if unit.reader_faults[slot] >= unit.reader_fault_limit:
        _lose_reader(unit, slot, now)
    else:
        _field_off(unit, slot)


def _lose_reader(unit, slot: int, now: int) -> None:
    card_slot = unit.slots[slot]
    unit.slots[slot] = None
    unit.retry_at[slot] = ticks_add(now, unit.retry_ms)
    _field_off(unit, slot)
    if card_slot is not None and card_slot.uid_hex is not None:
        unit.active.card_gone(slot, now)  # a card no reader can see is not in the slot
        unit.settle()
