# The Banker's rules, pure: one function per action on the estate, X(estate, ...), returning
# either the records the action journals (a list: editions.banker.estate lists the kinds) or,
# when it is refused, a short message (a str, one line of the small font: problem() tells them
# apart). Nothing here changes anything: the edition shows what the records will do, proposes
# them on GO, and apply() makes them true once they are durable. So a refused action changes
# nothing, and the amounts the screen shows are the ones journaled. These are the actions of
# every deed (loaded with the flows); the seldom ones have theirs in their own modules, loaded
# on use: a trade (editions.banker.trade), a bankruptcy (editions.banker.bankruptcy), which
# use owner_problem, player_problem and paid.
#
# The classic rulebook as the unit applies it (docs/banker.md says it for the players):
# - rent doubles on an unimproved, unmortgaged lot whose owner holds its whole colour group,
#   also when another lot of the group is mortgaged; a mortgaged deed collects nothing, but it
#   still counts as held (for the double rent, the number of railroads, both utilities).
# - buildings only on a whole group with no deed of it mortgaged, evenly: a lot gets its next
#   house only while it has the fewest of its group, and gives one back only while it has the
#   most. A hotel takes the place of four houses, which go back to the bank's supply; breaking
#   it back into four needs four in the supply, else the group's hotels and the houses the
#   supply cannot cover are sold together (sell_group), the group staying even.
# - a building shortage: the bank sells only what its supply holds; when several players want
#   more than it has, it auctions them (editions.banker.auction, a building at a time) and
#   build(..., bid) records the winning bid.
# - lifting a mortgage costs its value plus 10 %, rounded up to a whole dollar (Classic's
#   rounding: rules.endgame.lift_amount with step 1); a mortgaged deed changing hands (a trade,
#   a bankruptcy to a player) costs its new owner the 10 % at once, or the whole lift.
# - no deed changes hands while buildings stand on its group, nor is one mortgaged then.
from compat.const import const
from editions.banker.deeds import (
    GROUP_SQUARES,
    HOTEL,
    LOT,
    RAILROAD,
    RAILROAD_RENT,
    UTILITY,
    UTILITY_TIMES,
    group,
    house_cost,
    index,
    kind,
    mortgage_value,
    price,
    rent,
)
from editions.banker.estate import DEED, Estate, lift_cost
from rules.ledger import BANK, ERR_NOT_ENOUGH

ERR_BALANCE_LIMIT = "BALANCE LIMIT"  # rules.ledger's (not imported: the ledger is the caller's)
_ERR_SAME_CARD = const("SAME CARD TWICE")
ERR_NOT_A_DEED = "NOT A DEED"
_ERR_NO_CARD = const("NO SUCH CARD")
_ERR_DEED_OWNED = const("DEED OWNED")
_ERR_BANK_DEED = const("BANK HOLDS THIS DEED")
_ERR_NOT_YOURS = const("NOT YOUR DEED")
_ERR_YOUR_OWN = const("YOUR OWN DEED")
_ERR_MORTGAGED = const("DEED MORTGAGED")
ERR_NOT_MORTGAGED = "NOT MORTGAGED"
_ERR_DICE = const("DICE TOTAL FIRST")
_ERR_DICE_RANGE = const("DICE 2 TO 12")
ERR_NO_BID = "BID MORE THAN 0"
_ERR_NOT_A_LOT = const("NO BUILDINGS HERE")
_ERR_WHOLE_GROUP = const("OWN THE WHOLE GROUP")
_ERR_GROUP_MORTGAGED = const("GROUP MORTGAGED")
_ERR_BUILD_EVENLY = const("BUILD EVENLY")
_ERR_SELL_EVENLY = const("SELL EVENLY")
_ERR_HAS_HOTEL = const("HOTEL BUILT ALREADY")
_ERR_NO_HOUSES = const("NO HOUSES LEFT")
_ERR_NO_HOTELS = const("NO HOTELS LEFT")
_ERR_NO_BUILDINGS = const("NO BUILDINGS")
_ERR_SELL_FIRST = const("SELL BUILDINGS FIRST")


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
        return _ERR_MORTGAGED
    if kind(square) == UTILITY:
        if not dice:
            return _ERR_DICE
        if type(dice) is not int or not 2 <= dice <= 12:
            return _ERR_DICE_RANGE
    return paid(estate, [("tx", payer, owner, rent_due(estate, square, dice), "rent", square)])


# ---- buildings -------------------------------------------------------------------------


def build(estate: Estate, player: int, square: int, bid: int = 0) -> list | str:
    """One more house, or the hotel after four, at the house cost; bid: an auctioned
    building's winning bid instead (0: the house cost)."""
    refused = owner_problem(estate, player, square)
    if refused is not None:
        return refused
    if kind(square) != LOT:
        return _ERR_NOT_A_LOT
    if not estate.owns_group(player, square):
        return _ERR_WHOLE_GROUP
    fewest, _, mortgaged = estate.group_buildings(square)
    if mortgaged:
        return _ERR_GROUP_MORTGAGED
    built = estate.buildings[index(square)]
    if built == HOTEL:
        return _ERR_HAS_HOTEL
    if built != fewest:
        return _ERR_BUILD_EVENLY
    if built == HOTEL - 1:
        if estate.hotels < 1:
            return _ERR_NO_HOTELS
    elif estate.houses < 1:
        return _ERR_NO_HOUSES
    if type(bid) is not int or bid < 0:
        return ERR_NO_BID
    cost = bid if bid else house_cost(square)
    return paid(
        estate, [("tx", player, BANK, cost, "build", square), (DEED, square, player, built + 1, 0)]
    )


def sell(estate: Estate, player: int, square: int) -> list | str:
    """One building back to the bank at half its cost: a house, or the hotel for four houses
    from the supply; when the supply has fewer than four, sell_group's way down."""
    refused = owner_problem(estate, player, square)
    if refused is not None:
        return refused
    built = estate.buildings[index(square)]
    if kind(square) != LOT or built == 0:
        return _ERR_NO_BUILDINGS
    if built != estate.group_buildings(square)[1]:
        return _ERR_SELL_EVENLY
    if built == HOTEL and estate.houses < HOTEL - 1:
        return sell_group(estate, player, square)
    half = house_cost(square) // 2
    return paid(
        estate, [("tx", BANK, player, half, "sell", square), (DEED, square, player, built - 1, 0)]
    )


def sell_group(estate: Estate, player: int, square: int) -> list | str:
    """The hotel on `square` sold when the bank has not the four houses it comes down to: the
    group's hotels and as many of its houses as the supply cannot cover go back together, at
    half their cost (a hotel: five houses), and the group keeps the houses the supply and its
    own lots can give it, spread evenly (while a hotel stands the other lots keep four houses,
    so none can stay). The lots that had houses keep theirs first; their records come first
    too, so that the supply never runs below 0 as they are applied in order. With four houses
    in the supply: sell()'s hotel for four houses."""
    if estate.houses >= HOTEL - 1:
        return sell(estate, player, square)
    refused = owner_problem(estate, player, square)
    if refused is not None:
        return refused
    if kind(square) != LOT or estate.buildings[index(square)] != HOTEL:
        return _ERR_NO_BUILDINGS
    lots = GROUP_SQUARES[group(square)]
    left = estate.houses  # the houses the group can hold after: the supply's and its own
    for other in lots:
        built = estate.buildings[index(other)]
        left += built if built < HOTEL else 0
    share, extra = left // len(lots), left % len(lots)
    sold = 0
    records: list = [None]
    for turn in range(3):  # the lots with houses, then the other hotels, then `square`'s
        for other in lots:
            built = estate.buildings[index(other)]
            if turn != (0 if built < HOTEL else 2 if other == square else 1):
                continue
            after = share + (1 if extra > 0 else 0)
            extra -= 1
            after = after if after < built else built
            if after != built:
                sold += built - after
                records.append((DEED, other, player, after, 0))
    records[0] = ("tx", BANK, player, house_cost(square) * sold // 2, "sell", square)
    return paid(estate, records)


# ---- mortgages -------------------------------------------------------------------------


def mortgage(estate: Estate, player: int, square: int) -> list | str:
    """The owner receives the mortgage value from the bank; no building may stand on the
    group."""
    refused = owner_problem(estate, player, square)
    if refused is not None:
        return refused
    if estate.mortgaged[index(square)]:
        return _ERR_MORTGAGED
    if kind(square) == LOT and estate.group_buildings(square)[1]:
        return _ERR_SELL_FIRST
    value = mortgage_value(square)
    return paid(
        estate, [("tx", BANK, player, value, "mortgage", square), (DEED, square, player, 0, 1)]
    )


def lift(estate: Estate, player: int, square: int) -> list | str:
    """The owner pays the bank the mortgage value plus 10 %."""
    refused = owner_problem(estate, player, square)
    if refused is not None:
        return refused
    if not estate.mortgaged[index(square)]:
        return ERR_NOT_MORTGAGED
    cost = lift_cost(mortgage_value(square))
    return paid(estate, [("tx", player, BANK, cost, "lift", square), (DEED, square, player, 0, 0)])
