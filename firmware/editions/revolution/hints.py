# Revolution for the host tools (the simulator, the history export, the web page; never
# imported on the unit): its name, how its game is told apart and exported, the help's lines.

NAME = "Revolution"
HISTORY = "cards"  # exported as every card's balance after each transaction
# How host_sim.history.guess_edition tells its journal apart.
RECORD_PREFIX = ""  # record kinds only it journals begin so
SET_RECORDS = ("volume", "draws", "chance", "claim", "pending")  # ("set", name, ...) records
SMALL_START = False  # its start balances are whole notes (below 100000)
# The terminal UI's help: what a hold does, the power-up that opens the menu, how a game is
# played beyond what every card edition shares (host_sim.tui.CARD_PLAYING).
TUI_HOLD = "hold %(key)s for %(s).1f s: NEW GAME? (GO confirms)"
TUI_POWER_MENU = "power cycle holding the menu's ok key: the settings menu"
TUI_PLAYING_TITLE = "Playing:"
TUI_PLAYING = (
    "Receive: card in GREEN, type the amount, finish with K or M: 2 6 0 k",
    "Totals: no card in, h then m (hold M), g. Mortgage: RED card, h then g.",
)
