# The Stock Exchange board's data by company code and the share price formula with its tables.
#
# Indexed by company code 1..22 (index 0 unused); the groups are the board's colour sets. The
# price of a listed company's share is price_formula(list price, L, F): L from level_factor()
# (how many players hold how many of its shares), F from F_PLAIN or, in a monopoly, F_MONOPOLY
# by its office level (editions.stock_exchange.market's share_price()).
from compat.const import const

# Board data by code (index 0 unused): classic list prices and building costs.
LIST_PRICE = (
    0,
    60, 60, 100, 100, 120,
    140, 140, 160, 180, 180, 200,
    220, 220, 240, 260, 260, 280,
    300, 300, 320, 350, 400,
)  # fmt: skip
OFFICE_COST = (0, 50, 50, 50, 50, 50) + (100,) * 6 + (150,) * 6 + (200,) * 5
GROUP_FIRSTS = (1, 3, 6, 9, 12, 15, 18, 21)
# Per code: the first code of its group, and the code after the group's last.
GROUP_FIRST = bytes(
    (0, 1, 1, 3, 3, 3, 6, 6, 6, 9, 9, 9, 12, 12, 12, 15, 15, 15, 18, 18, 18, 21, 21)
)
GROUP_END = bytes(
    (0, 3, 3, 6, 6, 6, 9, 9, 9, 12, 12, 12, 15, 15, 15, 18, 18, 18, 21, 21, 21, 23, 23)
)

# L by (distinct player holders - 1) * 9 + (player-held shares - 1). The measured table leaves
# holders > shares blank (each holder has at least one share, so it cannot happen); those cells
# repeat the column's diagonal (holders clamped to shares) so the lookup is total.
_LEVEL = bytes(
    (
        6, 7, 8, 9, 10, 10, 10, 10, 10,
        6, 8, 9, 10, 11, 12, 12, 12, 12,
        6, 8, 10, 11, 12, 13, 14, 14, 15,
        6, 8, 10, 12, 13, 14, 15, 16, 17,
        6, 8, 10, 12, 14, 15, 16, 18, 20,
        6, 8, 10, 12, 14, 16, 18, 20, 23,
    )
)  # fmt: skip
F_PLAIN = const(7)  # F outside a monopoly
F_MONOPOLY = bytes((12, 14, 17, 20, 22, 28))  # F in a monopoly, by office level 0..5


def level_factor(holders: int, shares: int) -> int:
    """L for this many distinct player holders holding this many shares in all (0 if none)."""
    if shares <= 0 or holders <= 0:
        return 0
    return _LEVEL[(holders - 1) * 9 + shares - 1]


def price_formula(list_price: int, level: int, factor: int) -> int:
    """floor(round(list_price / 320 * level * factor, 2)) with ints only.

    The exact value in hundredths is 100 * x / 320 = 5x / 16 (x = list * L * F); it is rounded
    half to even like Python's round() on the (exactly representable) float, then floored.
    """
    hundredths, rest = divmod(5 * list_price * level * factor, 16)
    if rest > 8 or (rest == 8 and hundredths & 1):
        hundredths += 1
    return hundredths // 100
