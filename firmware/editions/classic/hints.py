# Classic for the host tools (the simulator, the history export, the web page; never
# imported on the unit): its name, how its game is told apart and exported, the help's lines.

NAME = "Classic"
HISTORY = "cards"  # exported as every card's balance after each transaction
# How host_sim.history.guess_edition tells its journal apart.
RECORD_PREFIX = ""  # record kinds only it journals begin so
SET_RECORDS: tuple = ()  # ("set", name, ...) records only it journals
SMALL_START = True  # its start balances are whole notes (below 100000)
# The terminal UI's help: what a hold does, the power-up that opens the menu, how a game is
# played beyond what every card edition shares (host_sim.tui.CARD_PLAYING).
TUI_HOLD = "hold %(key)s for %(s)s s: NEW GAME? (GO confirms)"
TUI_POWER_MENU = "power cycle holding the menu's ok key: the settings menu"
TUI_PLAYING_TITLE = "Playing:"
TUI_PLAYING = (
    "Receive: card in GREEN, type a plain amount, GO carries it out: 2 6 0 g",
    "Mortgage: card alone in RED, its value, o (value + 10%), then g to pay.",
    "Bankrupt: b with the card in RED (creditor in GREEN, or none: bank).",
    "Totals: no card in, h then b (hold BANKRUPT), g; see docs/classic.md.",
)
# The help's lines in each language the unit speaks besides English, by their English (as
# host_sim.history.CHART_WORDS; the terminal's shared words: host_sim/tui_words.py).
TUI_WORDS = {
    "fr": {
        "Receive: card in GREEN, type a plain amount, GO carries it out: 2 6 0 g": (
            "Recevoir: carte en VERT, tapez le montant tel quel, GO l'exécute: 2 6 0 g"
        ),
        "Mortgage: card alone in RED, its value, o (value + 10%), then g to pay.": (
            "Hypothèque: carte seule en ROUGE, sa valeur, o (valeur + 10 %), puis g pour payer."
        ),
        "Bankrupt: b with the card in RED (creditor in GREEN, or none: bank).": (
            "Faillite: b, la carte en ROUGE (le créancier en VERT, ou aucun: la banque)."
        ),
        "Totals: no card in, h then b (hold BANKRUPT), g; see docs/classic.md.": (
            "Totaux: aucune carte, h puis b (tenir FAILLITE), g; voir docs/classic.md."
        ),
    }
}
