# Keymaps the keypad suites share (timer, PIO, and the PIO program run in the emulator).
# The 5x5 one names every position, so a test can close any switch of the matrix.
KEYS_4X4 = (
    ("1", "2", "3", "K"),
    ("4", "5", "6", "M"),
    ("7", "8", "9", "GO"),
    (".", "0", "C", None),
)
KEYS_5X5 = (
    ("1", "2", "3", "K", "A"),
    ("4", "5", "6", "M", "B"),
    ("7", "8", "9", "GO", "D"),
    (".", "0", "C", "E", "F"),
    ("G", "H", "I", "J", "L"),
)
