# Logical key names: the one place they are declared, for every edition.
#
# The rules, the settings menu, the self-test key and the simulator (host_sim KEY_NAMES maps its
# public names onto these) import them from here. An edition's set of keys is what its layouts
# in boards/keymaps.py lay out; those layouts spell the names out (see there why) and the
# terminal UI and the printed legends name them too: tests/host/test_key_names.py fails on any
# of them naming a key not declared here, and on a name here that no layout uses. No second
# table of each edition's keys is kept on the unit (one measured 1.7 KB of heap on the unix
# port). The names live with the rules, as their input vocabulary; the module imports nothing.
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

# The Banker (5x5): a deed's actions; SELL, MORTGAGE, BANKRUPT and FINE as named elsewhere.
BUY = "BUY"  # the deed from the bank at its price
AUCTION = "AUCTION"  # the deed to the highest bid
RENT = "RENT"  # the deed's rent to its owner
BUILD = "BUILD"  # a house, or the hotel
DEED = "DEED"  # the square number typed names a deed

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
