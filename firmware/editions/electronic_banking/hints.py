# Electronic Banking for the host tools (the simulator, the history export, the web page; never
# imported on the unit): its name, how its game is told apart and exported, the help's lines.

NAME = "Electronic Banking"
HISTORY = "cards"  # exported as every card's balance after each transaction
# How host_sim.history.guess_edition tells its journal apart: by none of its own records (it is
# the registry's DEFAULT, what a journal nothing else claims is).
RECORD_PREFIX = ""  # record kinds only it journals begin so
SET_RECORDS: tuple = ()  # ("set", name, ...) records only it journals
SMALL_START = False  # its start balances are whole notes (below 100000)
# The terminal UI's help: what a hold does, the power-up that opens the menu, how a game is
# played beyond what every card edition shares (host_sim.tui.CARD_PLAYING).
TUI_HOLD = "hold %(key)s for %(s)s s: NEW GAME? (GO confirms)"
TUI_POWER_MENU = "power cycle holding the menu's ok key: the settings menu"
TUI_PLAYING_TITLE = "Playing:"
TUI_PLAYING = (
    "Receive: card in GREEN, type the amount, finish with K or M: 2 6 0 k",
    "Totals: no card in, h then m (hold M), g. Mortgage: RED card, h then g.",
)
# The help's lines in each language the unit speaks besides English, by their English (as
# host_sim.history.CHART_WORDS; the terminal's shared words: host_sim/tui_words.py).
TUI_WORDS = {
    "fr": {
        "Receive: card in GREEN, type the amount, finish with K or M: 2 6 0 k": (
            "Recevoir: carte en VERT, tapez le montant, finissez par K ou M: 2 6 0 k"
        ),
        "Totals: no card in, h then m (hold M), g. Mortgage: RED card, h then g.": (
            "Totaux: aucune carte, h puis m (tenir M), g. Hypothèque: carte en ROUGE, h puis g."
        ),
    }
}
