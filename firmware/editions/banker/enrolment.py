# The Banker's keys while enrolling (rules.admin's enrolment, a tag on a reader): a deed's square
# typed, then DEED, binds the tag to that deed; GO binds a card's number as for every edition.
# Loaded by the part's enrolling() and let go at the next quiet second (BankerRules.tick): the
# deeds' tags are enrolled once, when the unit is set up.
from compat.const import const
from editions.banker.deeds import is_deed
from rules import keys
from rules.keys import DEED

_TAG = const("deed_tag")  # the record editions.banker.edition restores
_ERR_NOT_A_DEED = const("NOT A DEED")
_MSG_DEED_ENROLLED = const("DEED %d ENROLLED")
_MSG_ENROLL_NUMBER = const("TYPE 1-%d, THEN GO")  # rules.admin's
_MSG_ENROLLED_AS = const("ALREADY CARD %d")  # rules.admin's


def key(part, key: str, card: str) -> bool:
    """True when the key was the deed's (digits, DEED, a card number out of range); False
    leaves it to rules.admin."""
    bank = part.bank
    if key in keys.DIGITS:
        bank.entry = (bank.entry + key)[-2:]
        bank.view_changed()
        return True
    entry = bank.entry
    if key == keys.GO:
        if entry and not 1 <= int(entry) <= bank.card_count:
            bank.refuse(_MSG_ENROLL_NUMBER % bank.card_count)
            return True
        return False  # (rules.admin binds the card)
    if key != DEED:
        return False
    square = int(entry) if entry else 0
    problem = None if is_deed(square) else _ERR_NOT_A_DEED
    known = bank.registry.number_of(card)
    if known is not None:
        problem = _MSG_ENROLLED_AS % known
    if problem is not None:
        bank.refuse(problem)
        return True

    def enrolled(record: tuple) -> None:
        bank.clear_entry()
        bank.show_message(_MSG_DEED_ENROLLED % record[2], False)
        bank.cue("credit")

    bank.propose([(_TAG, card, square)], enrolled)
    return True
