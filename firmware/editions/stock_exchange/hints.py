# The Stock Exchange for the host tools (the simulator, the history export, the web page; never
# imported on the unit): its name, how its game is told apart and exported, the help's lines.
from editions.stock_exchange.edition import TRANSACTIONS  # noqa: F401  (the record kinds)
from editions.stock_exchange.market import TOKENS

NAME = "Stock Exchange"
HISTORY = "market"  # exported as every company's price and every token's TOTAL
# How host_sim.history.guess_edition tells its journal apart.
RECORD_PREFIX = "se_"  # record kinds only it journals begin so
NEW_GAME = "se_new"  # the record a new game starts with (the export's rows start again)
SET_RECORDS: tuple = ()  # ("set", name, ...) records only it journals
SMALL_START = False  # its start balances are whole notes (below 100000)
# The terminal UI's help: what a hold does, and how a game is played.
TUI_HOLD = "%(label)s for %(s)s s, then CONFIRM"
TUI_POWER_MENU = "power cycle holding CONFIRM: the settings menu"
TUI_PLAYING_TITLE = "Playing (tokens: 1 hat, 2 car, 3 dog, 4 shoe, 5 iron, 6 boat):"
TUI_PLAYING = (
    "Buy from the bank: b, the token, the two-digit code, the shares (1 or 2), c.",
    "A company nobody holds is introduced: type a bid (or 0) or keep the price.",
    "Sell: l token code shares c. From a player: p buyer seller code shares c.",
    "Interest: i token code c. START: g token c. Offices: o code, levels, c.",
    "x cancels; t shows the totals, r the last transaction. The market screens",
    "turn by themselves; two digits jump to a company. After 5 minutes unused",
    "the screen goes dark; any key wakes it.",
)

# The help's lines in each language the unit speaks besides English, by their English (as
# host_sim.history.CHART_WORDS; the terminal's shared words: host_sim/tui_words.py).
TUI_WORDS = {
    "fr": {
        "%(label)s for %(s)s s, then CONFIRM": "%(label)s %(s)s s, puis CONFIRMER",
        "power cycle holding CONFIRM: the settings menu": (
            "rallumer en tenant CONFIRMER: le menu des réglages"
        ),
        "Playing (tokens: 1 hat, 2 car, 3 dog, 4 shoe, 5 iron, 6 boat):": (
            "La partie (pions: 1 chapeau, 2 auto, 3 chien, 4 chaussure, 5 fer, 6 bateau):"
        ),
        "Buy from the bank: b, the token, the two-digit code, the shares (1 or 2), c.": (
            "Achat à la banque: b, le pion, le code à deux chiffres, les actions (1 ou 2), c."
        ),
        "A company nobody holds is introduced: type a bid (or 0) or keep the price.": (
            "Une société que nul ne détient est introduite: misez (ou 0) ou gardez le cours."
        ),
        "Sell: l token code shares c. From a player: p buyer seller code shares c.": (
            "Vente: l pion code actions c. À un joueur: p acheteur vendeur code actions c."
        ),
        "Interest: i token code c. START: g token c. Offices: o code, levels, c.": (
            "Intérêts: i pion code c. DÉPART: g pion c. Bureaux: o code, niveaux, c."
        ),
        "x cancels; t shows the totals, r the last transaction. The market screens": (
            "x annule; t montre les totaux, r la dernière opération. Les écrans du marché"
        ),
        "turn by themselves; two digits jump to a company. After 5 minutes unused": (
            "défilent seuls; deux chiffres mènent à une société. Après 5 minutes sans usage,"
        ),
        "the screen goes dark; any key wakes it.": "l'écran s'éteint; une touche le rallume.",
    }
}


def transaction_fields(record: tuple) -> tuple:
    """(tokens, code, shares, amount) of one of its transaction records, as the exported
    history labels them."""
    kind = record[0]
    if kind == "se_intro":
        return TOKENS[record[1]], record[2], 5, record[3]
    if kind == "se_buy" or kind == "se_sell":
        return TOKENS[record[1]], record[2], record[3], record[4]
    if kind == "se_trade":
        return TOKENS[record[1]] + "<" + TOKENS[record[2]], record[3], record[4], 0
    if kind == "se_interest":
        return TOKENS[record[1]], record[2], 0, record[3]
    if kind == "se_start":
        return TOKENS[record[1]], 0, 0, record[2]
    if kind == "se_offices":
        return "", record[1], 0, record[3]
    return TOKENS[record[1]], 0, 0, record[2]  # se_remove
