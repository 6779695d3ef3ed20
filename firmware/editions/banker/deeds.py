# The classic US board's 28 Title Deeds as constant data, each named by its board square
# (GO = 0, counted in board order: Mediterranean Avenue 1 ... Boardwalk 39).
#
# Stored as the chip likes it: bytes constants indexed by the deed's place in board order (its
# "index", 0..27, from _INDEX), read a byte at a time, so a lookup allocates nothing (indexing a
# bytes object gives a small int, which MicroPython keeps in the pointer itself). The rent table
# is 28 rows of six 16-bit little-endian values; railroads and utilities have a zero row, since
# their rent depends on how many of the kind the owner holds (RAILROAD_RENT, UTILITY_TIMES).
# Prices are stored in tens of dollars (every printed price is a multiple of 10 and the dearest,
# 400, needs more than a byte in dollars); mortgage values and house costs fit a byte in dollars.
from compat.const import const

LOT = const(0)
RAILROAD = const(1)
UTILITY = const(2)

# Groups: the colour groups 0..7 in board order (brown, light blue, pink, orange, red, yellow,
# green, dark blue: their names are the host's, editions.banker.hints.GROUP_NAMES), then the
# railroads and the utilities, each a group of its own.
RAILROADS = const(8)
UTILITIES = const(9)
GROUP_COUNT = const(10)

DEED_COUNT = const(28)
_BOARD_SQUARES = const(40)
HOTEL = const(5)  # a deed's buildings: 0..4 houses, 5 a hotel
_NOT_A_DEED = const(255)

# The rent of a railroad by how many railroads its owner holds (1..4); a utility's rent is
# this many times the dice total, by how many utilities its owner holds (1..2).
RAILROAD_RENT = (0, 25, 50, 100, 200)
UTILITY_TIMES = (0, 4, 10)

SQUARES = (  # every deed's square, in board order (index -> square)
    b"\x01\x03\x05\x06\x08\x09\x0b\x0c\x0d\x0e\x0f\x10\x12\x13"
    b"\x15\x17\x18\x19\x1a\x1b\x1c\x1d\x1f\x20\x22\x23\x25\x27"
)
GROUP_SQUARES = (  # each group's squares, in board order
    b"\x01\x03",  # brown: 1 3
    b"\x06\x08\x09",  # light blue: 6 8 9
    b"\x0b\x0d\x0e",  # pink: 11 13 14
    b"\x10\x12\x13",  # orange: 16 18 19
    b"\x15\x17\x18",  # red: 21 23 24
    b"\x1a\x1b\x1d",  # yellow: 26 27 29
    b"\x1f\x20\x22",  # green: 31 32 34
    b"\x25\x27",  # dark blue: 37 39
    b"\x05\x0f\x19\x23",  # railroads: 5 15 25 35
    b"\x0c\x1c",  # utilities: 12 28
)

_INDEX = (  # square -> deed index, 255: not a deed (GO, taxes, Chance, corners...)
    const(
        b"\xff\x00\xff\x01\xff\x02\x03\xff\x04\x05"  # squares 0..9
        b"\xff\x06\x07\x08\x09\x0a\x0b\xff\x0c\x0d"  # squares 10..19
        b"\xff\x0e\xff\x0f\x10\x11\x12\x13\x14\x15"  # squares 20..29
        b"\xff\x16\x17\xff\x18\x19\xff\x1a\xff\x1b"
    )  # squares 30..39
)
_GROUP = (  # colour group 0..7, 8 railroads, 9 utilities
    const(
        b"\x00\x00\x08\x01\x01\x01\x02"  # 0 0 8 1 1 1 2
        b"\x09\x02\x02\x08\x03\x03\x03"  # 9 2 2 8 3 3 3
        b"\x04\x04\x04\x08\x05\x05\x09"  # 4 4 4 8 5 5 9
        b"\x05\x06\x06\x06\x08\x07\x07"
    )  # 5 6 6 6 8 7 7
)
_PRICE = (  # printed price in tens of dollars
    const(
        b"\x06\x06\x14\x0a\x0a\x0c\x0e"  # 6 6 20 10 10 12 14
        b"\x0f\x0e\x10\x14\x12\x12\x14"  # 15 14 16 20 18 18 20
        b"\x16\x16\x18\x14\x1a\x1a\x0f"  # 22 22 24 20 26 26 15
        b"\x1c\x1e\x1e\x20\x14\x23\x28"
    )  # 28 30 30 32 20 35 40
)
_MORTGAGE = (  # mortgage value in dollars
    const(
        b"\x1e\x1e\x64\x32\x32\x3c\x46"  # 30 30 100 50 50 60 70
        b"\x4b\x46\x50\x64\x5a\x5a\x64"  # 75 70 80 100 90 90 100
        b"\x6e\x6e\x78\x64\x82\x82\x4b"  # 110 110 120 100 130 130 75
        b"\x8c\x96\x96\xa0\x64\xaf\xc8"
    )  # 140 150 150 160 100 175 200
)
_HOUSE = (  # house (and hotel) cost in dollars, 0: no buildings
    const(
        b"\x32\x32\x00\x32\x32\x32\x64"  # 50 50 0 50 50 50 100
        b"\x00\x64\x64\x00\x64\x64\x64"  # 0 100 100 0 100 100 100
        b"\x96\x96\x96\x00\x96\x96\x00"  # 150 150 150 0 150 150 0
        b"\x96\xc8\xc8\xc8\x00\xc8\xc8"
    )  # 150 200 200 200 0 200 200
)
_RENT = (  # 6 little-endian 16-bit dollars a deed: unimproved, 1..4 houses, hotel
    const(
        b"\x02\x00\x0a\x00\x1e\x00\x5a\x00\xa0\x00\xfa\x00"  #  1 2 10 30 90 160 250
        b"\x04\x00\x14\x00\x3c\x00\xb4\x00\x40\x01\xc2\x01"  #  3 4 20 60 180 320 450
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  #  5 no rows: rent by count
        b"\x06\x00\x1e\x00\x5a\x00\x0e\x01\x90\x01\x26\x02"  #  6 6 30 90 270 400 550
        b"\x06\x00\x1e\x00\x5a\x00\x0e\x01\x90\x01\x26\x02"  #  8 6 30 90 270 400 550
        b"\x08\x00\x28\x00\x64\x00\x2c\x01\xc2\x01\x58\x02"  #  9 8 40 100 300 450 600
        b"\x0a\x00\x32\x00\x96\x00\xc2\x01\x71\x02\xee\x02"  # 11 10 50 150 450 625 750
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # 12 no rows: rent by count
        b"\x0a\x00\x32\x00\x96\x00\xc2\x01\x71\x02\xee\x02"  # 13 10 50 150 450 625 750
        b"\x0c\x00\x3c\x00\xb4\x00\xf4\x01\xbc\x02\x84\x03"  # 14 12 60 180 500 700 900
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # 15 no rows: rent by count
        b"\x0e\x00\x46\x00\xc8\x00\x26\x02\xee\x02\xb6\x03"  # 16 14 70 200 550 750 950
        b"\x0e\x00\x46\x00\xc8\x00\x26\x02\xee\x02\xb6\x03"  # 18 14 70 200 550 750 950
        b"\x10\x00\x50\x00\xdc\x00\x58\x02\x20\x03\xe8\x03"  # 19 16 80 220 600 800 1000
        b"\x12\x00\x5a\x00\xfa\x00\xbc\x02\x6b\x03\x1a\x04"  # 21 18 90 250 700 875 1050
        b"\x12\x00\x5a\x00\xfa\x00\xbc\x02\x6b\x03\x1a\x04"  # 23 18 90 250 700 875 1050
        b"\x14\x00\x64\x00\x2c\x01\xee\x02\x9d\x03\x4c\x04"  # 24 20 100 300 750 925 1100
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # 25 no rows: rent by count
        b"\x16\x00\x6e\x00\x4a\x01\x20\x03\xcf\x03\x7e\x04"  # 26 22 110 330 800 975 1150
        b"\x16\x00\x6e\x00\x4a\x01\x20\x03\xcf\x03\x7e\x04"  # 27 22 110 330 800 975 1150
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # 28 no rows: rent by count
        b"\x18\x00\x78\x00\x68\x01\x52\x03\x01\x04\xb0\x04"  # 29 24 120 360 850 1025 1200
        b"\x1a\x00\x82\x00\x86\x01\x84\x03\x4c\x04\xfb\x04"  # 31 26 130 390 900 1100 1275
        b"\x1a\x00\x82\x00\x86\x01\x84\x03\x4c\x04\xfb\x04"  # 32 26 130 390 900 1100 1275
        b"\x1c\x00\x96\x00\xc2\x01\xe8\x03\xb0\x04\x78\x05"  # 34 28 150 450 1000 1200 1400
        b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # 35 no rows: rent by count
        b"\x23\x00\xaf\x00\xf4\x01\x4c\x04\x14\x05\xdc\x05"  # 37 35 175 500 1100 1300 1500
        b"\x32\x00\xc8\x00\x58\x02\x78\x05\xa4\x06\xd0\x07"
    )  # 39 50 200 600 1400 1700 2000
)
# Every deed's name by deed index, each ended by "|": one bytes constant (28 str objects would
# be 28 heap blocks on the chip); at most 21 characters, one line of the small font.
_NAMES = const(
    b"MEDITERRANEAN AVENUE|"  # 1
    b"BALTIC AVENUE|"  # 3
    b"READING RAILROAD|"  # 5
    b"ORIENTAL AVENUE|"  # 6
    b"VERMONT AVENUE|"  # 8
    b"CONNECTICUT AVENUE|"  # 9
    b"ST. CHARLES PLACE|"  # 11
    b"ELECTRIC COMPANY|"  # 12
    b"STATES AVENUE|"  # 13
    b"VIRGINIA AVENUE|"  # 14
    b"PENNSYLVANIA RAILROAD|"  # 15
    b"ST. JAMES PLACE|"  # 16
    b"TENNESSEE AVENUE|"  # 18
    b"NEW YORK AVENUE|"  # 19
    b"KENTUCKY AVENUE|"  # 21
    b"INDIANA AVENUE|"  # 23
    b"ILLINOIS AVENUE|"  # 24
    b"B. & O. RAILROAD|"  # 25
    b"ATLANTIC AVENUE|"  # 26
    b"VENTNOR AVENUE|"  # 27
    b"WATER WORKS|"  # 28
    b"MARVIN GARDENS|"  # 29
    b"PACIFIC AVENUE|"  # 31
    b"NORTH CAROLINA AVENUE|"  # 32
    b"PENNSYLVANIA AVENUE|"  # 34
    b"SHORT LINE|"  # 35
    b"PARK PLACE|"  # 37
    b"BOARDWALK|"  # 39
)


def index(square: int) -> int:
    """The deed's place in board order (0..27), or -1 for a square that is no deed."""
    if type(square) is not int or not 0 <= square < _BOARD_SQUARES:
        return -1
    found = _INDEX[square]
    return -1 if found == _NOT_A_DEED else found


def is_deed(square: int) -> bool:
    return index(square) >= 0


def at(square: int) -> int:
    """The deed's index in board order; ValueError for a square that is no deed."""
    found = index(square)
    if found < 0:
        raise ValueError("no deed on that square")
    return found


def name(square: int) -> str:
    """The deed's name (a new str of up to 21 characters)."""
    start = 0
    for _ in range(at(square)):
        start = _NAMES.find(b"|", start) + 1
    return _NAMES[start : _NAMES.find(b"|", start)].decode()


def group(square: int) -> int:
    return _GROUP[at(square)]


def kind(square: int) -> int:
    found = _GROUP[at(square)]
    if found == RAILROADS:
        return RAILROAD
    if found == UTILITIES:
        return UTILITY
    return LOT


def price(square: int) -> int:
    """The printed price, in dollars."""
    return _PRICE[at(square)] * 10


def mortgage_value(square: int) -> int:
    return _MORTGAGE[at(square)]


def house_cost(square: int) -> int:
    """What one house (or the hotel) costs on this lot; 0 for a railroad or a utility."""
    return _HOUSE[at(square)]


def rent(square: int, buildings: int) -> int:
    """The printed rent of a lot with 0..4 houses or a hotel (5); 0 for a railroad or utility
    (their rent is by count: RAILROAD_RENT, UTILITY_TIMES)."""
    if type(buildings) is not int or not 0 <= buildings <= HOTEL:
        raise ValueError("buildings must be 0..5")
    low = (at(square) * 6 + buildings) * 2
    return _RENT[low] | _RENT[low + 1] << 8
