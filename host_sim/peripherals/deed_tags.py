# The Banker's deed tags as the simulated unit comes with them enrolled (the simulator, the web
# page): the journal records of a fresh Banker flash, and the same for a unit the settings menu
# switched to the Banker. Host side only, apart from the parts (peripherals.wiring): the bench,
# which loads the parts into the heap it measures, never imports it.
from peripherals.wiring import deed_id


def deed_tags(squares) -> list:
    """The journal records of the Banker's deed tags enrolled, one per deed square, as the
    simulated unit comes with them (the simulator, the web page): ("deed_tag", id, square)."""
    return [("deed_tag", deed_id(square), square) for square in squares]


def enroll_deed_tags(unit, squares) -> bool:
    """The Banker running on `unit` (app.unit.BankUnit) knows none of the simulated deed tags
    when the settings menu switched a unit of another edition to it: its new game kept the
    player cards, and no edition before it knew the tags. They are enrolled then as a fresh
    Banker flash has them: journaled, then given to the edition as the firmware applies the
    records it made durable. True if it did; a Banker that knows any of them keeps its own.
    Not before the unit booted (its run() makes render_flag, then replays the journal at once,
    in the same step): a journal written to before it is read back would not be the unit's."""
    edition = unit.edition
    if unit.render_flag is None or unit.overlay is not None or unit.storage_broken:
        return False
    if edition.name != "banker":
        return False
    part = edition.part
    for square in squares:
        if part.tag_square(deed_id(square)):
            return False
    records = deed_tags(squares)
    try:
        unit.store.append(records)
    except OSError:
        return False  # (a full flash: nothing written, nothing enrolled)
    for record in records:
        edition.restore(record)
    return True
