# The Banker before it is built: its menu name, class, menu keys and settings, and how its
# money is written. Constant data, read by the registry (app.editions) for the edition in use
# only.
from rules import keys

TITLE = "BANKER"  # the settings menu names it so (11 characters at most)
# How it is built: its class in editions.banker.edition, and the keyword its constructor takes
# the unit's seed by (an edition that shuffles a deck), or None.
BUILD = ("Banker", None)
USES_CARDS = True  # the class's uses_cards, known before it is built (the readers, the self-test)
DRAWS_MARKET = False  # its views are market screens (editions.stock_exchange.draw), loaded early
KM_MONEY = False  # whole dollars after the currency symbol, as Classic
# The settings menu's keys on its keypad: (ok, back, next, prev), where Classic has them.
MENU_KEYS = (keys.GO, keys.CLEAR, keys.BANKRUPT, keys.MORTGAGE)
# Its settings but the edition, and where it differs from rules.settings' common ones: name ->
# (default, lowest, highest, step), money in its own units; "auction": the countdown's seconds
# (each bid starts it again).
SETTINGS = {
    "players": (6, 2, 8, 1),
    "start": (1500, 100, 99999, 1),
    "go": (200, 1, 9999, 1),
    "fine": (50, 1, 9999, 1),
    "currency": ("$", None, None, None),
    "auction": (15, 5, 120, 1),
    "volume": (3, 1, 4, 1),
}
