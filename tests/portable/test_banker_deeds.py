# The Banker's 28 deeds against a second statement of the classic US board, written apart.
import gc

from editions.banker import deeds
from editions.banker.deeds import LOT, RAILROAD, UTILITY
from editions.banker.hints import GROUP_NAMES

# Each lot as the board prints it: square, name, price, house cost, the six rents (unimproved,
# one to four houses, hotel). Typed from the board again, not from firmware/.
LOTS = """
1 MEDITERRANEAN AVENUE 60 50 2 10 30 90 160 250
3 BALTIC AVENUE 60 50 4 20 60 180 320 450
6 ORIENTAL AVENUE 100 50 6 30 90 270 400 550
8 VERMONT AVENUE 100 50 6 30 90 270 400 550
9 CONNECTICUT AVENUE 120 50 8 40 100 300 450 600
11 ST. CHARLES PLACE 140 100 10 50 150 450 625 750
13 STATES AVENUE 140 100 10 50 150 450 625 750
14 VIRGINIA AVENUE 160 100 12 60 180 500 700 900
16 ST. JAMES PLACE 180 100 14 70 200 550 750 950
18 TENNESSEE AVENUE 180 100 14 70 200 550 750 950
19 NEW YORK AVENUE 200 100 16 80 220 600 800 1000
21 KENTUCKY AVENUE 220 150 18 90 250 700 875 1050
23 INDIANA AVENUE 220 150 18 90 250 700 875 1050
24 ILLINOIS AVENUE 240 150 20 100 300 750 925 1100
26 ATLANTIC AVENUE 260 150 22 110 330 800 975 1150
27 VENTNOR AVENUE 260 150 22 110 330 800 975 1150
29 MARVIN GARDENS 280 150 24 120 360 850 1025 1200
31 PACIFIC AVENUE 300 200 26 130 390 900 1100 1275
32 NORTH CAROLINA AVENUE 300 200 26 130 390 900 1100 1275
34 PENNSYLVANIA AVENUE 320 200 28 150 450 1000 1200 1400
37 PARK PLACE 350 200 35 175 500 1100 1300 1500
39 BOARDWALK 400 200 50 200 600 1400 1700 2000
"""
RAILROAD_NAMES = {
    5: "READING RAILROAD",
    15: "PENNSYLVANIA RAILROAD",
    25: "B. & O. RAILROAD",
    35: "SHORT LINE",
}
UTILITY_NAMES = {12: "ELECTRIC COMPANY", 28: "WATER WORKS"}
# The squares that hold no deed: GO, Community Chest, taxes, Chance, Jail, Free Parking...
NOT_DEEDS = (0, 2, 4, 7, 10, 17, 20, 22, 30, 33, 36, 38)


def _lots() -> list:
    rows = []
    for line in LOTS.strip().split("\n"):
        words = line.split()
        numbers = [int(word) for word in words[-8:]]
        rows.append((int(words[0]), " ".join(words[1:-8]), numbers[0], numbers[1], numbers[2:]))
    return rows


def test_28_deeds_in_board_order_named_by_square():
    assert deeds.DEED_COUNT == 28 and len(deeds.SQUARES) == 28
    names = [deeds.name(square) for square in deeds.SQUARES]
    assert len(set(names)) == 28 and all(0 < len(n) <= 21 and "|" not in n for n in names)
    squares = list(deeds.SQUARES)
    assert squares == sorted(squares)
    expected = sorted([row[0] for row in _lots()] + list(RAILROAD_NAMES) + list(UTILITY_NAMES))
    assert squares == expected
    for place in range(28):
        assert deeds.index(squares[place]) == place
    assert deeds.name(1) == "MEDITERRANEAN AVENUE" and deeds.name(3) == "BALTIC AVENUE"
    assert deeds.name(5) == "READING RAILROAD"
    assert deeds.name(37) == "PARK PLACE" and deeds.name(39) == "BOARDWALK"


def test_names_fit_one_line_of_the_small_font():
    for square in deeds.SQUARES:
        text = deeds.name(square)
        assert 0 < len(text) <= 21, text
        for code in text.encode():
            assert 32 <= code <= 90, text  # the small font's characters: no lower case


def test_squares_without_a_deed():
    for square in NOT_DEEDS + (-1, 40, 41):
        assert deeds.index(square) == -1 and not deeds.is_deed(square)
        try:
            deeds.name(square)
        except ValueError:
            pass
        else:
            raise AssertionError("square %d has a name" % square)
    assert deeds.index("5") == -1 and deeds.index(None) == -1  # type: ignore[arg-type]
    assert len(NOT_DEEDS) + 28 == 40


def test_every_lot_as_the_board_prints_it():
    lots = _lots()
    assert len(lots) == 22
    for square, name, price, house, rents in lots:
        assert deeds.name(square) == name
        assert deeds.kind(square) == LOT
        assert deeds.price(square) == price, name
        assert deeds.house_cost(square) == house, name
        assert [deeds.rent(square, built) for built in range(6)] == rents, name


def test_a_few_rows_whole():
    assert [deeds.rent(1, b) for b in range(6)] == [2, 10, 30, 90, 160, 250]
    assert [deeds.rent(24, b) for b in range(6)] == [20, 100, 300, 750, 925, 1100]
    assert [deeds.rent(39, b) for b in range(6)] == [50, 200, 600, 1400, 1700, 2000]
    assert (deeds.price(37), deeds.mortgage_value(37), deeds.house_cost(37)) == (350, 175, 200)
    assert (deeds.price(12), deeds.mortgage_value(12), deeds.house_cost(12)) == (150, 75, 0)


def test_price_is_twice_the_mortgage_value():
    for square in deeds.SQUARES:
        assert deeds.price(square) == 2 * deeds.mortgage_value(square), square


def test_groups_of_two_and_three_lots():
    sizes = [len(deeds.GROUP_SQUARES[number]) for number in range(deeds.GROUP_COUNT)]
    assert sizes == [2, 3, 3, 3, 3, 3, 3, 2, 4, 2]
    assert list(deeds.GROUP_SQUARES[0]) == [1, 3]
    assert list(deeds.GROUP_SQUARES[7]) == [37, 39]
    assert list(deeds.GROUP_SQUARES[5]) == [26, 27, 29]
    seen = []
    for number in range(deeds.GROUP_COUNT):
        for square in deeds.GROUP_SQUARES[number]:
            assert deeds.group(square) == number
            seen.append(square)
    assert sorted(seen) == list(deeds.SQUARES)
    assert len(GROUP_NAMES) == deeds.GROUP_COUNT  # (the host's: editions.banker.hints)
    assert GROUP_NAMES[0] == "BROWN" and GROUP_NAMES[7] == "DARK BLUE"
    for number in range(deeds.GROUP_COUNT):  # a lot's group is a run of its side's squares
        squares = list(deeds.GROUP_SQUARES[number])
        if number < deeds.RAILROADS:
            assert squares[-1] - squares[0] <= 3


def test_house_costs_by_side_of_the_board():
    for square, _, _, house, _ in _lots():
        side = square // 10  # 0: GO to Jail, 1: to Free Parking, 2: to Go To Jail, 3: to GO
        assert house == (50, 100, 150, 200)[side], square


def test_railroads_and_utilities():
    for square, name in RAILROAD_NAMES.items():
        assert deeds.name(square) == name and deeds.kind(square) == RAILROAD
        assert deeds.price(square) == 200 and deeds.mortgage_value(square) == 100
        assert deeds.house_cost(square) == 0 and deeds.group(square) == deeds.RAILROADS
        assert [deeds.rent(square, b) for b in range(6)] == [0] * 6
    for square, name in UTILITY_NAMES.items():
        assert deeds.name(square) == name and deeds.kind(square) == UTILITY
        assert deeds.price(square) == 150 and deeds.mortgage_value(square) == 75
        assert deeds.group(square) == deeds.UTILITIES
    assert deeds.RAILROAD_RENT == (0, 25, 50, 100, 200)
    assert deeds.UTILITY_TIMES == (0, 4, 10)


def test_the_total_of_all_prices():
    lots = sum(row[2] for row in _lots())
    assert lots == 4590
    assert sum(deeds.price(square) for square in deeds.SQUARES) == lots + 4 * 200 + 2 * 150


def test_rent_refuses_buildings_beyond_a_hotel():
    for bad in (-1, 6):
        try:
            deeds.rent(39, bad)
        except ValueError:
            pass
        else:
            raise AssertionError("rent with %d buildings" % bad)


def test_lookups_allocate_nothing_on_the_chip_and_a_name_only_its_text():
    if not hasattr(gc, "mem_alloc"):
        return  # CPython: nothing to measure
    squares = deeds.SQUARES
    gc.collect()
    before = gc.mem_alloc()  # type: ignore[attr-defined]
    total = 0
    for square in squares:
        total += deeds.price(square) + deeds.mortgage_value(square) + deeds.house_cost(square)
        total += deeds.rent(square, 5) + deeds.group(square) + deeds.kind(square)
    assert gc.mem_alloc() - before <= 64, gc.mem_alloc() - before  # type: ignore[attr-defined]
    assert total > 0
    # A name is cut from one bytes constant (no str object per deed held for good): each call
    # makes its text, two small blocks (the cut and its str; 64-bit unix port: up to 160 bytes)
    gc.collect()
    before = gc.mem_alloc()  # type: ignore[attr-defined]
    for square in squares:
        deeds.name(square)
    made = gc.mem_alloc() - before  # type: ignore[attr-defined]
    assert 0 < made <= 160 * len(squares), made
