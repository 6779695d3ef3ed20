# Keypad layouts: which matrix position (row, column) is which logical key, per edition.
# Shared by every board: the matrix wiring is the same whatever the microcontroller board.
# None marks a position with no switch (it never produces an event). Every name is a logical key
# declared in firmware/rules/keys.py, the one list of them; tests/host/test_key_names.py fails
# on any other. Spelled out rather than imported: importing rules.keys here loads it with the
# board file, first at power-on, and in the quick bench that cost Revolution 0.8% more fuel
# per keypress and 1.5% more to boot than these literals (measured for issue 16); measured
# again with the names imported (rows of names are built at run time, rows of literals are
# constants of the compiled file): Electronic Banking 4.5% more fuel per keypress, 2.1% more
# to build and boot. MicroPython folds no name from another module into a constant.

# Each layout by its matrix and edition (the 5x5 of every edition: the all-editions build), a
# literal of the dict: a global name of its own would cost the chip's heap a name each.
LAYOUTS = {
    # 4x4 membrane, Electronic Banking and Classic (15 keys used).
    ("4x4", "electronic_banking"): (
        ("1", "2", "3", "K"),
        ("4", "5", "6", "M"),
        ("7", "8", "9", "GO"),
        (".", "0", "C", None),
    ),
    # 5x5 matrix (the all-editions build): the same keys, more room; legends per edition.
    ("5x5", "electronic_banking"): (
        ("1", "2", "3", "K", None),
        ("4", "5", "6", "M", None),
        ("7", "8", "9", "GO", None),
        (".", "0", "C", None, None),
        (None, None, None, None, None),
    ),
    # 5x5 matrix, Revolution (17 keys: too many for the 4x4): the Transport Zone and Deal (auction
    # timer) keys in the fifth column.
    ("5x5", "revolution"): (
        ("1", "2", "3", "K", "ZONE"),
        ("4", "5", "6", "M", "DEAL"),
        ("7", "8", "9", "GO", None),
        (".", "0", "C", None, None),
        (None, None, None, None, None),
    ),
    # Classic (whole currency units, no K or M): the same positions as Electronic Banking, with the
    # mortgage helper in K's place, bankruptcy in M's and the prison fine in the point's. GO both
    # carries out a typed amount and pays the salary.
    ("4x4", "classic"): (
        ("1", "2", "3", "MORTGAGE"),
        ("4", "5", "6", "BANKRUPT"),
        ("7", "8", "9", "GO"),
        ("FINE", "0", "C", None),
    ),
    ("5x5", "classic"): (
        ("1", "2", "3", "MORTGAGE", None),
        ("4", "5", "6", "BANKRUPT", None),
        ("7", "8", "9", "GO", None),
        ("FINE", "0", "C", None, None),
        (None, None, None, None, None),
    ),
    # 5x5 matrix, Stock Exchange (23 keys): BANK = bank purchase, BUYP = buy from a player,
    # REMOVE = remove a player, ONOFF = on/off.
    ("5x5", "stock_exchange"): (
        ("1", "2", "3", "BANK", "SELL"),
        ("4", "5", "6", "BUYP", "INTEREST"),
        ("7", "8", "9", "OFFICES", "START"),
        ("REVIEW", "0", "TOTAL", "CONFIRM", "CANCEL"),
        ("ONOFF", "REMOVE", "NEWGAME", None, None),
    ),
    # 5x5 matrix, the Banker (21 keys): Classic's keys where Classic has them, the deed's actions
    # in the fifth column and on the fourth row. SELL with two cards in is a trade.
    ("5x5", "banker"): (
        ("1", "2", "3", "DEED", "BUY"),
        ("4", "5", "6", "RENT", "AUCTION"),
        ("7", "8", "9", "GO", "BUILD"),
        ("FINE", "0", "C", "MORTGAGE", "SELL"),
        (None, None, None, "BANKRUPT", None),
    ),
}


def keymap(matrix: str, edition: str) -> tuple:
    try:
        return LAYOUTS[(matrix, edition)]
    except KeyError:
        raise ValueError("no %s keypad layout for %s" % (matrix, edition)) from None


def default_matrix(edition: str) -> str:
    """The smallest matrix that has a layout for the edition ("4x4" or "5x5")."""
    for matrix in ("4x4", "5x5"):
        if (matrix, edition) in LAYOUTS:
            return matrix
    raise ValueError("no keypad layout for " + edition)
