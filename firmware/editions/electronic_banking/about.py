# Electronic Banking before it is built: its menu name, class, menu keys and settings, and how
# its money is written. Constant data, read by the registry (app.editions) for the edition in
# use only.
from rules import keys
from rules.money import K, M

TITLE = "EL. BANKING"  # the settings menu names it so (11 characters at most)
# How it is built: its class in editions.electronic_banking.edition, and the keyword its
# constructor takes the unit's seed by (an edition that shuffles a deck), or None.
BUILD = ("ElectronicBanking", None)
USES_CARDS = True  # the class's uses_cards, known before it is built (the readers, the self-test)
DRAWS_MARKET = False  # its views are market screens (editions.stock_exchange.draw), loaded early
KM_MONEY = True  # its amounts are written with K and M (else whole units after the symbol)
# The settings menu's keys on its keypad: (ok, back, next, prev).
MENU_KEYS = (keys.GO, keys.CLEAR, keys.MILLION, keys.THOUSAND)
# Its settings but the edition, and where it differs from rules.settings' common ones: name ->
# (default, lowest, highest, step), money in its own units.
SETTINGS = {
    "players": (6, 2, 8, 1),
    "start": (15 * M, 1 * M, 99 * M, 10 * K),
    "go": (2 * M, 10 * K, 20 * M, 10 * K),
    "volume": (3, 1, 4, 1),
}
