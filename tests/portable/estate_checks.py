# The Banker's estate as the tests check it: its invariant, one action's records applied, a
# player's deeds. Test code, not the unit's: on the chip every function of the firmware's
# modules is heap, and the unit never needs these (it replays a record at a time through
# BankerRules.restore, and TOTALS counts editions.banker.estate.Estate.property_value).
from editions.banker.deeds import DEED_COUNT, HOTEL, SQUARES
from editions.banker.estate import HOTELS, HOUSES


def invariant_holds(estate) -> bool:
    """Supply and board add up to 32 houses and 12 hotels; buildings stand only on whole,
    unmortgaged groups, evenly (at most one apart)."""
    houses, hotels = estate.houses, estate.hotels
    for at in range(DEED_COUNT):
        built = estate.buildings[at]
        if built == HOTEL:
            hotels += 1
        else:
            houses += built
        if built:
            square = SQUARES[at]
            fewest, most, mortgaged = estate.group_buildings(square)
            if mortgaged or most - fewest > 1:
                return False
            if not estate.owns_group(estate.owners[at], square):
                return False
    return houses == HOUSES and hotels == HOTELS


def apply_records(estate, records: list) -> None:
    """One action's records in order: money to the ledger, the rest to the estate (a new game
    to both), as the edition's restore() does a record at a time."""
    for record in records:
        what = record[0]
        if what == "tx" or what == "ledger" or what == "undo":
            estate.ledger.apply(record)
        elif what == "new":
            estate.ledger.apply(record)
            estate.apply(record)
        else:
            estate.apply(record)


def deeds_of(estate, player: int) -> list:
    """The squares a player owns, in board order."""
    owners = estate.owners
    return [SQUARES[at] for at in range(DEED_COUNT) if owners[at] == player]


def net_worth(estate, player: int) -> int:
    """Cash and property as TOTALS counts them."""
    return estate.ledger.balances[player] + estate.property_value(player)
