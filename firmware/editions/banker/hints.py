# The Banker for the host tools (the simulator, the history export, the web page; never
# imported on the unit): its name, how its game is told apart and exported, the help's lines.

NAME = "Banker"
# The colour groups' names, by group (editions.banker.deeds: 0..7 in board order, then the
# railroads and the utilities): the board the web page and the terminal UI draw.
GROUP_NAMES = (
    "BROWN",
    "LIGHT BLUE",
    "PINK",
    "ORANGE",
    "RED",
    "YELLOW",
    "GREEN",
    "DARK BLUE",
    "RAILROADS",
    "UTILITIES",
)
# Exported as every card's balance after each transaction, with the square of the deed it was
# on (the CSV's deed column) and the deeds bought marked on the chart.
HISTORY = "deeds"
# How host_sim.history.guess_edition tells its journal apart: its deed tags ("deed_tag") and
# deeds ("deed") come first in its snapshots and journals. (Another edition keeps the deed tags
# it was handed at the end of its snapshots, after its own records; its settings file names it.)
RECORD_PREFIX = "deed"  # record kinds only it journals begin so
SET_RECORDS: tuple = ()  # ("set", name, ...) records only it journals
SMALL_START = False  # (Classic's sign: a Banker game is told by its deeds)
# The terminal UI's help: what a hold does, the power-up that opens the menu, how a game is
# played beyond what every card edition shares (host_sim.tui.CARD_PLAYING).
TUI_HOLD = "hold %(key)s for %(s)s s: NEW GAME? (GO confirms)"
TUI_POWER_MENU = "power cycle holding the menu's ok key: the settings menu"
TUI_PLAYING_TITLE = "Deeds (square number, then DEED; or a deed tag on a reader):"
TUI_PLAYING = (
    "Buy: card in RED, deed; BUY, then GO. Rent: payer in RED, deed, RENT, GO.",
    "Build: owner in RED, deed, BUILD, GO. Sell a building: owner in GREEN, SELL.",
    "Mortgage: owner in GREEN (lift: RED), deed, MORTGAGE, GO. Auction: deed, AUCTION.",
    "Trade: seller GREEN, buyer RED, square DEED, price, SELL, GO. Bankrupt: RED card.",
)
# The help's lines in each language the unit speaks besides English, by their English (as
# host_sim.history.CHART_WORDS; the terminal's shared words: host_sim/tui_words.py).
TUI_WORDS = {
    "fr": {
        "Deeds (square number, then DEED; or a deed tag on a reader):": (
            "Titres (numéro de la case, puis TITRE; ou le titre posé sur un lecteur):"
        ),
        "Buy: card in RED, deed; BUY, then GO. Rent: payer in RED, deed, RENT, GO.": (
            "Achat: carte en ROUGE, titre; ACHAT, GO. Loyer: payeur en ROUGE, titre, LOYER, GO."
        ),
        "Build: owner in RED, deed, BUILD, GO. Sell a building: owner in GREEN, SELL.": (
            "Bâtir: en ROUGE, titre, CONSTRUIRE, GO. Vendre un bâtiment: carte en VERT, VENTE."
        ),
        "Mortgage: owner in GREEN (lift: RED), deed, MORTGAGE, GO. Auction: deed, AUCTION.": (
            "Hypothèque: en VERT (levée: ROUGE), titre, HYPOTHÈQUE, GO. Enchère: titre, ENCHÈRE."
        ),
        "Trade: seller GREEN, buyer RED, square DEED, price, SELL, GO. Bankrupt: RED card.": (
            "Cession: vendeur VERT, acheteur ROUGE, case TITRE, prix, VENTE, GO. Faillite: ROUGE."
        ),
    }
}
