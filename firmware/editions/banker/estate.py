# The Banker's estate, pure: who owns each deed, its buildings and mortgage, the bank's supply of
# houses and hotels, net worth, and the records that change them (no time, no I/O; money in int
# dollars). The rules that plan those records are editions.banker.actions.
#
# apply(record) is the only change to the estate, as Ledger.apply is to money; a record that
# cannot be valid raises ValueError and changes nothing. Records (plain tuples, journaled like
# the ledger's):
#   ("deed", square, owner, buildings, mortgaged)   the deed's whole state after an action:
#           owner 0 is the bank, buildings 0..4 houses or 5 a hotel, mortgaged 0 or 1. The
#           bank's supply follows from the buildings (a hotel built takes a hotel and gives its
#           four houses back), so no record names it
#   ("estate", owners, buildings, mortgaged)         the whole estate (snapshot_records()):
#           three lists of 28 ints in board order (deeds.SQUARES)
#   ("new", start_balance)                           a new game (rules.ledger's): every deed
#           back to the bank, every building back in the supply
# Money moves in rules.ledger's ("tx", payer, payee, amount, tag, square) records, whose tag
# names the action for the history: "buy", "auction", "rent", "build", "sell", "mortgage",
# "lift", "interest", "trade", "bankrupt" (a bankruptcy's cash line has no square). An action's
# planner returns its money and deed records as one list: the edition proposes that list in
# one propose(), and the store writes a list of several records as ONE journal line (a
# "batch", store.store), so a power cut keeps the whole action or none of it, never the money
# without the deed. Replayed at boot in order (the edition's restore(), a record at a time),
# the records rebuild the same state; so does the snapshot.
from compat.const import const
from editions.banker.deeds import (
    DEED_COUNT,
    GROUP_SQUARES,
    HOTEL,
    LOT,
    SQUARES,
    group,
    house_cost,
    index,
    kind,
    mortgage_value,
    price,
)
from rules.ledger import BANK

HOUSES = 32  # the bank's supply at the start of a game
HOTELS = 12

DEED = "deed"
_ESTATE = const("estate")


def lift_cost(value: int) -> int:
    """A mortgage lifted: its value plus 10 %, rounded up to a whole dollar (rules.endgame's
    lift_amount(value, 1), written out here so the estate does not load that module)."""
    return (value * 11 + 9) // 10


def interest(value: int) -> int:
    """The 10 % alone, as the lift rounds it: what a new owner of a mortgaged deed pays at once."""
    return lift_cost(value) - value


def building_value(square: int, buildings: int) -> int:
    """The buildings on a lot at their cost (a hotel: its four houses and itself)."""
    return house_cost(square) * buildings


def deeds_for_auction(records: list) -> list:
    """The squares a bankruptcy to the bank (bankrupt(..., BANK)) hands back for auction."""
    return [r[1] for r in records if r[0] == DEED and r[2] == BANK]


class Estate:
    """The deeds' state by deed index (board order), for `ledger`'s players."""

    def __init__(self, ledger) -> None:
        # rules.ledger.Ledger: the estate reads it (the actions' money checks, net worth); its
        # own records go to its apply()
        self.ledger = ledger
        self.players = ledger.card_count
        self.owners = bytearray(DEED_COUNT)  # 0: the bank
        self.buildings = bytearray(DEED_COUNT)  # 0..4 houses, 5 a hotel
        self.mortgaged = bytearray(DEED_COUNT)  # 0 or 1
        self.houses = HOUSES  # the bank's supply, kept with every record applied
        self.hotels = HOTELS
        self.applied = 0  # records applied since power-up

    # ---- reading ---------------------------------------------------------------------------

    def owner(self, square: int) -> int | None:
        """The player who owns the deed, or None while the bank holds it."""
        held = self.owners[self.at(square)]
        return None if held == BANK else held

    def buildings_on(self, square: int) -> int:
        return self.buildings[self.at(square)]

    def is_mortgaged(self, square: int) -> bool:
        return bool(self.mortgaged[self.at(square)])

    def supply(self) -> tuple:
        """(houses, hotels) the bank still holds."""
        return self.houses, self.hotels

    def held_in_group(self, player: int, square: int) -> int:
        """How many deeds of the square's group the player holds, mortgaged ones included."""
        count = 0
        for other in GROUP_SQUARES[group(square)]:
            if self.owners[index(other)] == player:
                count += 1
        return count

    def owns_group(self, player: int, square: int) -> bool:
        return self.held_in_group(player, square) == len(GROUP_SQUARES[group(square)])

    def deed_record(self, square: int) -> tuple:
        """The deed's state now, as the record that sets it (an undo's way back, too)."""
        at = self.at(square)
        return (DEED, square, self.owners[at], self.buildings[at], self.mortgaged[at])

    def at(self, square: int) -> int:
        """The deed's index in board order; ValueError for a square that is no deed."""
        at = index(square)
        if at < 0:
            raise ValueError("no deed on that square")
        return at

    def group_buildings(self, square: int) -> tuple:
        """(fewest, most) buildings on the square's group, and whether any of it is mortgaged."""
        fewest, most, mortgaged = HOTEL, 0, False
        for other in GROUP_SQUARES[group(square)]:
            at = index(other)
            held = self.buildings[at]
            fewest = held if held < fewest else fewest
            most = held if held > most else most
            mortgaged = mortgaged or bool(self.mortgaged[at])
        return fewest, most, mortgaged

    # ---- net worth -------------------------------------------------------------------------

    def property_value(self, player: int) -> int:
        """The player's deeds at their printed price (half when mortgaged) and buildings at
        cost: what TOTALS adds to the cash."""
        total = 0
        for at in range(DEED_COUNT):
            if self.owners[at] != player:
                continue
            square = SQUARES[at]
            total += mortgage_value(square) if self.mortgaged[at] else price(square)
            total += building_value(square, self.buildings[at])
        return total

    # ---- records ---------------------------------------------------------------------------

    def apply(self, record: tuple) -> None:
        """Apply one estate record; raises ValueError (changing nothing) for one that cannot
        be valid: a deed's state out of range, buildings the supply does not hold."""
        kind_ = record[0]
        if kind_ == DEED:
            if len(record) != 5:
                raise ValueError("bad deed record")
            square, owner, built, mortgaged = record[1], record[2], record[3], record[4]
            at = index(square)
            self._check(at, owner, built, mortgaged)
            houses, hotels = self._supply_after(at, built)
            if houses < 0 or hotels < 0:
                raise ValueError("the bank has no such buildings")
            self.owners[at], self.buildings[at], self.mortgaged[at] = owner, built, mortgaged
            self.houses, self.hotels = houses, hotels
        elif kind_ == _ESTATE:
            self._load(record)
        elif kind_ == "new":  # every deed back to the bank, every building to the supply
            for at in range(DEED_COUNT):
                self.owners[at] = self.buildings[at] = self.mortgaged[at] = 0
            self.houses, self.hotels = HOUSES, HOTELS
        else:
            raise ValueError("not an estate record")
        self.applied += 1

    def _check(self, at: int, owner, buildings, mortgaged) -> None:
        if at < 0:
            raise ValueError("no deed on that square")
        if type(owner) is not int or not 0 <= owner <= self.players:
            raise ValueError("bad deed owner")
        if type(buildings) is not int or not 0 <= buildings <= HOTEL:
            raise ValueError("bad buildings")
        if type(mortgaged) is not int or not 0 <= mortgaged <= 1:
            raise ValueError("bad mortgage flag")
        if buildings and (owner == BANK or mortgaged or kind(SQUARES[at]) != LOT):
            raise ValueError("buildings only on an owned, unmortgaged lot")
        if owner == BANK and mortgaged:
            raise ValueError("the bank holds no mortgage")

    def _supply_after(self, at: int, buildings: int) -> tuple:
        """The supply once deed `at` holds `buildings` instead of what it holds now."""
        houses, hotels = self.houses, self.hotels
        was = self.buildings[at]
        if was == HOTEL:
            hotels += 1
        else:
            houses += was
        if buildings == HOTEL:
            hotels -= 1
        else:
            houses -= buildings
        return houses, hotels

    def snapshot_records(self) -> list:
        """The whole estate as one record: apply() of it rebuilds this state anywhere."""
        return [(_ESTATE, list(self.owners), list(self.buildings), list(self.mortgaged))]

    def _load(self, record: tuple) -> None:
        if len(record) != 4:
            raise ValueError("bad estate record")
        owners, built, mortgaged = record[1], record[2], record[3]
        for column in (owners, built, mortgaged):
            if (type(column) is not list and type(column) is not tuple) or len(
                column
            ) != DEED_COUNT:
                raise ValueError("estate record of another board")
        houses, hotels = HOUSES, HOTELS
        for at in range(DEED_COUNT):
            self._check(at, owners[at], built[at], mortgaged[at])
            if built[at] == HOTEL:
                hotels -= 1
            else:
                houses -= built[at]
        if houses < 0 or hotels < 0:
            raise ValueError("more buildings than the bank has")
        self.owners, self.buildings = bytearray(owners), bytearray(built)
        self.mortgaged = bytearray(mortgaged)
        self.houses, self.hotels = houses, hotels
