# The Banker's buildings and mortgages: BUILD, SELL (one card in) and MORTGAGE (the mortgage,
# or the lift with the card in RED), planned as editions.banker.actions plans the every-turn
# actions (records, or a refusal's message: nothing changes), and the lines their offer shows.
# Loaded by those keys (editions.banker.flows.act) and by a building's auction, let go at the
# game's next quiet second with no offer open (BankerRules.tick): a Pico keeps this code in
# its heap only while owners build, sell or mortgage.
#
# The classic rulebook as the unit applies it (docs/banker.md says it for the players):
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
from editions.banker.actions import ERR_MORTGAGED, ERR_NO_BID, owner_problem, paid
from editions.banker.deeds import (
    GROUP_SQUARES,
    HOTEL,
    LOT,
    group,
    house_cost,
    index,
    kind,
    mortgage_value,
)
from editions.banker.estate import DEED, Estate, lift_cost
from rules.keys import BUILD, GREEN, SELL
from rules.ledger import BANK

ERR_NOT_MORTGAGED = "NOT MORTGAGED"
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
_MSG_HOUSES_TOO = const(("+%d HOUSE%s, TO %d %d", "+%d HOUSE%s, TO %d %d %d"))  # 2, 3 lots


def plan(part, key: str, slot: int, player: int, square: int, title: str) -> tuple:
    """(records or refusal, the offer's lines, its receipt, its cue) for BUILD, SELL or
    MORTGAGE with `player`'s card alone in `slot` (MORTGAGE in RED: the lift)."""
    estate = part.estate
    money = part.bank.money
    if key == BUILD:
        result = build(estate, player, square)
        built = estate.buildings_on(square) + 1
        what = "HOTEL:" if built == HOTEL else "HOUSE %d:" % built
        cost = result[0][3] if type(result) is list else 0
        lines = ("%s CARD %d" % (what, player), money(cost), title)
        return result, lines, "BUILD %d -%s" % (square, money(cost)), "debit"
    if key == SELL:
        result = sell(estate, player, square)
        paid_back = result[0][3] if type(result) is list else 0
        built = estate.buildings_on(square)
        lines = ("SELL THE HOTEL" if built == HOTEL else "SELL A HOUSE", money(paid_back), title)
        if built == HOTEL and estate.houses < HOTEL - 1 and type(result) is list:
            lines = _group_sale_lines(estate, square, result, lines)
        return result, lines, "SELL %d +%s" % (square, money(paid_back)), "credit"
    value = mortgage_value(square)
    if slot == GREEN:
        result = mortgage(estate, player, square)
        lines = ("MORTGAGE CARD %d" % player, money(value), title)
        return result, lines, "MORTGAGE %d +%s" % (square, money(value)), "credit"
    cost = lift_cost(value)
    lines = ("LIFT: CARD %d" % player, money(cost), title)
    return lift(estate, player, square), lines, "LIFT %d -%s" % (square, money(cost)), "debit"


def _group_sale_lines(estate: Estate, square: int, records: list, lines: tuple) -> tuple:
    """sell_group's offer: the group's hotels and the houses they take with them, and what
    each lot of the group comes down to, in board order."""
    hotels = houses = 0
    shown: list = [0, ""]
    for other in GROUP_SQUARES[group(square)]:
        built = after = estate.buildings_on(other)
        for record in records:
            if record[0] == DEED and record[1] == other:
                after = record[3]
        if built == HOTEL:
            hotels += 1
            built -= 1  # (the hotel itself counted apart)
        houses += built - after
        shown.append(after)
    shown[0], shown[1] = houses, "S" if houses > 1 else ""
    title = _MSG_HOUSES_TOO[len(shown) - 4] % tuple(shown)
    return ("SELL %d HOTELS" % hotels if hotels > 1 else lines[0], lines[1], title)


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


def mortgage(estate: Estate, player: int, square: int) -> list | str:
    """The owner receives the mortgage value from the bank; no building may stand on the
    group."""
    refused = owner_problem(estate, player, square)
    if refused is not None:
        return refused
    if estate.mortgaged[index(square)]:
        return ERR_MORTGAGED
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
