# Money parsing, display formatting and operation limits (portable: CPython and MicroPython).
from rules import money
from rules.money import EntryError, format_amount, operation_problem, parse_amount


def _refusal(text: str) -> str:
    try:
        parse_amount(text)
    except EntryError as error:
        return error.message
    raise AssertionError("accepted " + text)


def test_parse_k_and_m_entries():
    assert parse_amount("260K") == 260000
    assert parse_amount("10K") == 10000
    assert parse_amount("1.5M") == 1500000
    assert parse_amount("15.25M") == 15250000
    assert parse_amount("123.45M") == 123450000
    assert parse_amount("0.5M") == 500000
    assert parse_amount(".5M") == 500000
    assert parse_amount("2M") == 2000000
    assert parse_amount("1.5K") == 1500


def test_parse_plain_units_and_leading_zeros():
    assert parse_amount("750") == 750
    assert parse_amount("0010K") == 10000


def test_parse_refuses_malformed_entries():
    assert _refusal("1.5.5M") == money.ERR_TWO_POINTS
    assert _refusal("M") == money.ERR_NO_DIGITS
    assert _refusal("K") == money.ERR_NO_DIGITS
    assert _refusal("") == money.ERR_NO_DIGITS
    assert _refusal(".M") == money.ERR_NO_DIGITS
    assert _refusal("123456K") == money.ERR_TOO_MANY_DIGITS
    assert _refusal("5.M") == money.ERR_POINT_LAST
    assert _refusal("1.2345K") == money.ERR_TOO_PRECISE
    assert _refusal("1A") == money.ERR_BAD_CHAR
    assert _refusal("1MK") == money.ERR_BAD_CHAR


def test_entry_prefix_names_the_breaking_keystroke():
    assert money.entry_problem("", False) is None
    assert money.entry_problem(".", False) is None
    assert money.entry_problem("1.", False) is None
    assert money.entry_problem("12345", False) is None
    assert money.entry_problem("123456", False) == money.ERR_TOO_MANY_DIGITS
    assert money.entry_problem("1.5.", False) == money.ERR_TWO_POINTS


def test_format_for_five_digit_screen():
    assert format_amount(100000) == "100K"
    assert format_amount(1000000) == "1M"
    assert format_amount(15200000) == "15.2M"
    assert format_amount(15250000) == "15.25M"
    assert format_amount(123450000) == "123.45M"
    assert format_amount(15000000) == "15M"
    assert format_amount(10000) == "10K"
    assert format_amount(0) == "0"
    assert format_amount(950) == "950"
    assert format_amount(999990) == "999.99K"
    assert format_amount(money.MAX_BALANCE) == "999.99M"
    assert format_amount(-1500000) == "-1.5M"


def test_format_never_exceeds_five_digits():
    for amount in (1, 12345, 123456, 1234567, 12345678, 123456789, 1234567890):
        text = format_amount(amount)
        assert sum(1 for ch in text if "0" <= ch <= "9") <= 5, text


def test_operation_limits():
    assert operation_problem(10000) is None
    assert operation_problem(20000000) is None
    assert operation_problem(260000) is None
    assert operation_problem(0) == money.ERR_UNDER_MIN
    assert operation_problem(9999) == money.ERR_UNDER_MIN
    assert operation_problem(20010000) == money.ERR_OVER_MAX
    assert operation_problem(15000) == money.ERR_NOT_STEP
    assert operation_problem(1555000) == money.ERR_NOT_STEP


def test_round_trip_of_every_step_up_to_twenty_million():
    amount = money.MIN_OPERATION
    while amount <= money.MAX_OPERATION:
        assert parse_amount(format_amount(amount)) == amount
        amount += 730000  # a stride that visits K, whole-M and fractional-M forms


def test_format_amount_answers_from_its_last_two_amounts_alike():
    # Interleaved and repeated amounts (a view formats the same balances at every redraw): the
    # remembered texts are those of the amounts asked, never a neighbour's.
    amounts = [15000000, 2000000, 15000000, 15250000, 2000000, -260000, 2000000, 0, 0, 999990000]
    expected = ["15M", "2M", "15M", "15.25M", "2M", "-260K", "2M", "0", "0", "999.99M"]
    assert [format_amount(a) for a in amounts] == expected
    assert [format_amount(a) for a in reversed(amounts)] == list(reversed(expected))
