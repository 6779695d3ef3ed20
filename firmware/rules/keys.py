# Logical key names: the one place they are spelled, for every edition.
#
# The board keypad layouts (boards/keymaps.py), the rules, the simulator (host_sim KEY_NAMES
# maps its public names onto these) and its terminal UI all read them from here. An edition's
# set of keys is what its layouts in boards/keymaps.py lay out, spelled with these names: the
# unit needs no second table of them (a module-level table per edition measured 1.7 KB of heap
# on the unix port). tests/host/test_key_names.py fails on a layout, a public name, a UI row or
# a printed legend naming a key not declared here, and on a name here that no layout uses.
# The names live with the rules, as their input vocabulary; the module imports nothing, so a
# board file or the simulator reading it pulls in no game code.
DIGITS = "0123456789"  # every edition's ten digit keys, named by their digit

# Electronic Banking (and Revolution, Classic: the keys they share).
POINT = "."
THOUSAND = "K"
MILLION = "M"
GO = "GO"  # the arrow key: passing GO
CLEAR = "C"

# Revolution: the fifth column of its 5x5 keypad.
ZONE = "ZONE"  # the Transport Zone key
DEAL = "DEAL"  # the auction timer key

# Classic: in K's, M's and the point's places.
MORTGAGE = "MORTGAGE"  # lift a mortgage (held, no card in: enroll cards)
BANKRUPT = "BANKRUPT"  # a whole balance to a creditor (held, no card: TOTALS)
FINE = "FINE"  # the prison fine (no card in: sound on/off)

# Stock Exchange (5x5).
BANK = "BANK"  # bank purchase
SELL = "SELL"
BUYP = "BUYP"  # buy from a player
INTEREST = "INTEREST"
START = "START"
OFFICES = "OFFICES"
REVIEW = "REVIEW"
TOTAL = "TOTAL"
CONFIRM = "CONFIRM"
CANCEL = "CANCEL"
ONOFF = "ONOFF"
REMOVE = "REMOVE"  # remove a player
NEWGAME = "NEWGAME"

# Slots: GREEN receives money (credit), RED pays (debit).
GREEN = 0
RED = 1
SLOT_NAMES = ("GREEN", "RED")
