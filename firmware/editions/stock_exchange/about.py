# The Stock Exchange before it is built: its menu name, class, menu keys and settings, and how
# its money is written. Constant data, read by the registry (app.editions) for the edition in
# use only.
from rules import keys

TITLE = "STOCK EXCH."  # the settings menu names it so (11 characters at most)
# How it is built: its class in editions.stock_exchange.edition, and the keyword its constructor
# takes the unit's seed by (an edition that shuffles a deck), or None.
BUILD = ("StockExchange", None)
USES_CARDS = False  # the class's uses_cards, known before it is built (the readers, the self-test)
DRAWS_MARKET = True  # its views are market screens (editions.stock_exchange.draw), loaded early
KM_MONEY = False  # its amounts are written with K and M (else whole units after the symbol)
# The settings menu's keys on its keypad: (ok, back, next, prev).
MENU_KEYS = (keys.CONFIRM, keys.CANCEL, keys.REVIEW, keys.TOTAL)
# Its settings but the edition, and where it differs from rules.settings' common ones: name ->
# (default, lowest, highest, step), money in its own units.
SETTINGS = {
    "volume": (3, 1, 4, 1),
    "standby": (300, 10, 600, 1),  # rulebook: standby after 5 minutes
}
