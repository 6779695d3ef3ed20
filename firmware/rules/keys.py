# Logical key names shared by the rules, the board keypad layouts and the simulator.
DIGITS = "0123456789"
POINT = "."
THOUSAND = "K"
MILLION = "M"
GO = "GO"  # the arrow key: passing GO
CLEAR = "C"

# Slots: GREEN receives money (credit), RED pays (debit).
GREEN = 0
RED = 1
SLOT_NAMES = ("GREEN", "RED")
