# Keypad layouts: which matrix position (row, column) is which logical key, per edition.
# Shared by every board: the matrix wiring is the same whatever the microcontroller board.
# None marks a position with no switch (it never produces an event).

# 4x4 membrane, Electronic Banking and Classic (15 keys used).
ELECTRONIC_BANKING_4X4 = (
    ("1", "2", "3", "K"),
    ("4", "5", "6", "M"),
    ("7", "8", "9", "GO"),
    (".", "0", "C", None),
)

# 5x5 matrix (the all-editions build): the same keys, more room; legends per edition.
ELECTRONIC_BANKING_5X5 = (
    ("1", "2", "3", "K", None),
    ("4", "5", "6", "M", None),
    ("7", "8", "9", "GO", None),
    (".", "0", "C", None, None),
    (None, None, None, None, None),
)

LAYOUTS = {
    ("4x4", "electronic_banking"): ELECTRONIC_BANKING_4X4,
    ("5x5", "electronic_banking"): ELECTRONIC_BANKING_5X5,
}


def keymap(matrix: str, edition: str) -> tuple:
    try:
        return LAYOUTS[(matrix, edition)]
    except KeyError:
        raise ValueError("no %s keypad layout for %s" % (matrix, edition)) from None
