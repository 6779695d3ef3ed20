# Keys held while the unit powers up: the self-test's key, and a read of one matrix position.
# Kept apart from app.selftest so a normal boot never loads the self-test's code (its names
# would stay interned in the heap for the whole game).
from rules.keys import CANCEL, CLEAR

HOLD_KEYS = (CLEAR, CANCEL)  # the first of these the keymap has enters the self-test


def selftest_key(keymap) -> str:
    """The key held at power-on to enter the self-test on this keypad layout."""
    names = [name for row in keymap for name in row]
    for key in HOLD_KEYS:
        if key in names:
            return key
    return HOLD_KEYS[0]


def hold_at_power_on(rows, cols, keymap, key: str | None = None, samples: int = 5) -> bool:
    """True if `key` (by default selftest_key(keymap)) reads pressed on every one of `samples`
    reads of its matrix position."""
    if key is None:
        key = selftest_key(keymap)
    for r, row in enumerate(keymap):
        for c, name in enumerate(row):
            if name == key:
                for pin in rows:
                    pin.value(1)
                rows[r].value(0)
                pressed = all(cols[c].value() == 0 for _ in range(samples))
                rows[r].value(1)
                return pressed
    return False
