# The admin questions' and enrolling's texts (rules.admin's, loaded with it at the first hold).
#
# ENROLLING, TOTALS and MSG_NO_CARDS are repeated in rules.card_bank and rules.card_view, which
# compare or show them always: so this module stays out of RAM until a key is held.

# The questions (what the open Admin mode asks: its `question`). Each needs a long press,
# then GO: no stray key ends one.
ASK_NEW_GAME = "NEW GAME?"
ASK_ENROLL = "ENROLL CARDS?"
ASK_CLEAR_CARDS = "CLEAR ALL CARDS?"
ASK_TOTALS = "GAME TOTALS?"
ENROLLING = "ENROLLING"
TOTALS = "TOTALS"  # end-of-game totals (rules.endgame): each card's cash plus its typed value

MSG_ENROLL_HELP = "INSERT CARD  C: DONE"
MSG_ENROLL_NUMBER = "TYPE 1-%d, THEN GO"
MSG_ENROLL_ONE_CARD = "ONE CARD AT A TIME"
MSG_ENROLLED = "CARD %d ENROLLED"
# A spare card takes the number of a lost one: the account (balance, history) stays with the
# number, the old card is unknown from then on. A card enrolled as one number takes no other.
MSG_REPLACES = "GO: REPLACE CARD %d"
MSG_REPLACED = "CARD %d REPLACED"
MSG_ENROLLED_AS = "ALREADY CARD %d"
MSG_ENROLL_DONE = "ENROLLING DONE"
MSG_CARDS_CLEARED = "ALL CARDS CLEARED"
MSG_NEW_GAME = "NEW GAME"
MSG_NO_CARDS = "HOLD K: ENROLL CARDS"
