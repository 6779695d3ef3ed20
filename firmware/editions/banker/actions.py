# The Banker's rules, pure: one function per action on the estate, X(estate, ...), returning
# either the records the action journals (a list: editions.banker.estate lists the kinds) or,
# when it is refused, a short message (a str, one line of the small font: problem() tells them
# apart). Nothing here changes anything: the edition shows what the records will do, proposes
# them on GO, and apply() makes them true once they are durable. So a refused action changes
# nothing, and the amounts the screen shows are the ones journaled. These are the actions of
# every turn (loaded with the flows): buying, auctions, rent; the others have theirs in modules
# loaded on use: buildings and mortgages (editions.banker.holdings), a trade
# (editions.banker.trade), a bankruptcy (editions.banker.bankruptcy), which use owner_problem,
# player_problem and paid.
#
# The classic rulebook as the unit applies it (docs/banker.md says it for the players):
# - rent doubles on an unimproved, unmortgaged lot whose owner holds its whole colour group,
#   also when another lot of the group is mortgaged; a mortgaged deed collects nothing, but it
#   still counts as held (for the double rent, the number of railroads, both utilities).
# - an auction's highest bid pays the bank; no bid leaves the deed with the bank.
# (Buildings and mortgages: editions.banker.holdings.)
from compat.const import const
from editions.banker.deeds import (
    RAILROAD,
    RAILROAD_RENT,
    UTILITY,
    UTILITY_TIMES,
    index,
    kind,
    price,
    rent,
)
from editions.banker.estate import DEED, Estate
from rules.ledger import BANK, ERR_NOT_ENOUGH

ERR_BALANCE_LIMIT = "BALANCE LIMIT"  # rules.ledger's (not imported: the ledger is the caller's)
_ERR_SAME_CARD = const("SAME CARD TWICE")
ERR_NOT_A_DEED = "NOT A DEED"
_ERR_NO_CARD = const("NO SUCH CARD")
_ERR_DEED_OWNED = const("DEED OWNED")
_ERR_BANK_DEED = const("BANK HOLDS THIS DEED")
_ERR_NOT_YOURS = const("NOT YOUR DEED")
_ERR_YOUR_OWN = const("YOUR OWN DEED")
ERR_MORTGAGED = "DEED MORTGAGED"
_ERR_DICE = const("DICE TOTAL FIRST")
_ERR_DICE_RANGE = const("DICE 2 TO 12")
ERR_NO_BID = "BID MORE THAN 0"


def problem(records) -> str | None:
    """An action's refusal message, or None when it returned its records."""
    return records if type(records) is str else None


def player_problem(estate: Estate, player: int) -> str | None:
    if type(player) is not int or not 1 <= player <= estate.players:
        return _ERR_NO_CARD
    return None


def owner_problem(estate: Estate, player: int, square: int) -> str | None:
    """The deed exists and the player owns it."""
    refused = player_problem(estate, player)
    if refused is not None:
        return refused
    at = index(square)
    if at < 0:
        return ERR_NOT_A_DEED
    held = estate.owners[at]
    if held == BANK:
        return _ERR_BANK_DEED
    return None if held == player else _ERR_NOT_YOURS


def money_problem(estate: Estate, records: list) -> str | None:
    """Whether the ledger can carry out every "tx" of `records` in order (each payer has the
    amount when it is due, no balance passes the limit), without changing it."""
    ledger = estate.ledger
    balances = list(ledger.balances)
    for record in records:
        if record[0] != "tx":
            continue
        payer, payee, amount = record[1], record[2], record[3]
        if payer == payee:
            return _ERR_SAME_CARD
        if payer != BANK:
            if balances[payer] < amount:
                return ERR_NOT_ENOUGH
            balances[payer] -= amount
        if payee != BANK:
            if balances[payee] + amount > ledger.max_balance:
                return ERR_BALANCE_LIMIT
            balances[payee] += amount
    return None


def paid(estate: Estate, records: list) -> list | str:
    """The records, or why the ledger cannot pay them."""
    return money_problem(estate, records) or records


# ---- buying and auctions ---------------------------------------------------------------


def buy(estate: Estate, player: int, square: int) -> list | str:
    """The deed from the bank at its printed price."""
    return _sale(estate, square, player, 0)


def auction(estate: Estate, square: int, bidder: int = BANK, bid: int = 0) -> list | str:
    """An auction's result: the highest bid pays the bank and owns the deed; no bidder (BANK)
    leaves it with the bank, and journals nothing."""
    if bidder == BANK and index(square) >= 0 and estate.owners[index(square)] == BANK:
        return []
    if type(bid) is not int or bid < 1:
        return _sale(estate, square, bidder, -1) or ERR_NO_BID  # the deed's problem first
    return _sale(estate, square, bidder, bid)


def _sale(estate: Estate, square: int, buyer: int, amount: int) -> list | str:
    """The bank's deed to the buyer: at the printed price (amount 0) or for an auction's bid;
    amount -1 only checks the deed and the buyer ([]: no problem with either)."""
    at = index(square)
    if at < 0:
        return ERR_NOT_A_DEED
    if estate.owners[at] != BANK:
        return _ERR_DEED_OWNED
    refused = player_problem(estate, buyer)
    if refused is not None:
        return refused
    if amount < 0:
        return []
    tag = "auction" if amount else "buy"
    amount = amount or price(square)
    return paid(estate, [("tx", buyer, BANK, amount, tag, square), (DEED, square, buyer, 0, 0)])


# ---- rent ------------------------------------------------------------------------------


def rent_due(estate: Estate, square: int, dice: int = 0) -> int:
    """The rent the deed collects now (0: none: the bank's, or mortgaged); a utility's needs
    the dice total (0: not known, then 0)."""
    at = estate.at(square)
    owner = estate.owners[at]
    if owner == BANK or estate.mortgaged[at]:
        return 0
    what = kind(square)
    if what == RAILROAD:
        return RAILROAD_RENT[estate.held_in_group(owner, square)]
    if what == UTILITY:
        return UTILITY_TIMES[estate.held_in_group(owner, square)] * dice
    built = estate.buildings[at]
    due = rent(square, built)
    if built == 0 and estate.owns_group(owner, square):
        due *= 2
    return due


def pay_rent(estate: Estate, payer: int, square: int, dice: int = 0) -> list | str:
    """The payer pays the deed's rent to its owner (a utility's: dice, the dice total)."""
    refused = player_problem(estate, payer)
    if refused is not None:
        return refused
    at = index(square)
    if at < 0:
        return ERR_NOT_A_DEED
    owner = estate.owners[at]
    if owner == BANK:
        return _ERR_BANK_DEED
    if owner == payer:
        return _ERR_YOUR_OWN
    if estate.mortgaged[at]:
        return ERR_MORTGAGED
    if kind(square) == UTILITY:
        if not dice:
            return _ERR_DICE
        if type(dice) is not int or not 2 <= dice <= 12:
            return _ERR_DICE_RANGE
    return paid(estate, [("tx", payer, owner, rent_due(estate, square, dice), "rent", square)])
