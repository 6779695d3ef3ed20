# Revolution for the host tools (the simulator, the history export, the web page; never
# imported on the unit): its name, how its game is told apart and exported, the help's lines.

from editions.electronic_banking import hints as electronic_banking

NAME = "Revolution"
HISTORY = "cards"  # exported as every card's balance after each transaction
# How host_sim.history.guess_edition tells its journal apart.
RECORD_PREFIX = ""  # record kinds only it journals begin so
SET_RECORDS = ("volume", "draws", "chance", "claim", "pending")  # ("set", name, ...) records
SMALL_START = False  # its start balances are whole notes (below 100000)
# The terminal UI's help: what a hold does, the power-up that opens the menu, how a game is
# played beyond what every card edition shares (host_sim.tui.CARD_PLAYING).
TUI_HOLD = "hold %(key)s for %(s)s s: NEW GAME? (GO confirms)"
TUI_POWER_MENU = "power cycle holding the menu's ok key: the settings menu"
TUI_PLAYING_TITLE = "Playing:"
# Played as Electronic Banking is, beyond that (its help's lines and their French, the same)
TUI_PLAYING = electronic_banking.TUI_PLAYING
TUI_WORDS = electronic_banking.TUI_WORDS
