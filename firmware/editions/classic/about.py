# Classic before it is built: its menu name, class, menu keys and settings, and how
# its money is written. Constant data, read by the registry (app.editions) for the edition in
# use only.
from rules import keys

TITLE = "CLASSIC"  # the settings menu names it so (11 characters at most)
# How it is built: its class in editions.classic.edition, and the keyword its constructor
# takes the unit's seed by (an edition that shuffles a deck), or None.
BUILD = ("Classic", None)
USES_CARDS = True  # the class's uses_cards, known before it is built (the readers, the self-test)
DRAWS_MARKET = False  # its views are market screens (editions.stock_exchange.draw), loaded early
KM_MONEY = False  # its amounts are written with K and M (else whole units after the symbol)
# The settings menu's keys on its keypad: (ok, back, next, prev). Classic has no K or M: its
# BANKRUPT and MORTGAGE keys sit where they are.
MENU_KEYS = (keys.GO, keys.CLEAR, keys.BANKRUPT, keys.MORTGAGE)
# Its settings but the edition, and where it differs from rules.settings' common ones: name ->
# (default, lowest, highest, step), money in its own units.
SETTINGS = {
    "players": (6, 2, 8, 1),
    "start": (1500, 100, 99999, 1),
    "go": (200, 1, 9999, 1),
    "fine": (50, 1, 9999, 1),
    "currency": ("$", None, None, None),
    "volume": (3, 1, 4, 1),
}
