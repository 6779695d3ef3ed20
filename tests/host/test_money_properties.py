"""Property tests for money parsing and formatting, against Python's Decimal as the reference."""

from decimal import Decimal, InvalidOperation

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import money
from rules.money import EntryError, format_amount, operation_problem, parse_amount

keystrokes = st.text(alphabet="0123456789.", max_size=9).flatmap(
    lambda body: st.sampled_from(["K", "M", ""]).map(lambda unit: body + unit)
)


def reference_value(text: str) -> int | None:
    """What the entry means, via Decimal, or None when it is not a whole-unit amount."""
    unit = {"K": 1000, "M": 1000000}.get(text[-1:], 1)
    body = text[:-1] if text[-1:] in ("K", "M") else text
    digits = sum(ch.isdigit() for ch in body)
    if digits == 0 or digits > 5 or body.count(".") > 1 or body.endswith("."):
        return None
    try:
        value = Decimal(body) * unit
    except InvalidOperation:
        return None
    return int(value) if value == value.to_integral_value() else None


@given(keystrokes)
def test_parser_agrees_with_decimal(text: str) -> None:
    expected = reference_value(text)
    try:
        got = parse_amount(text)
    except EntryError:
        assert expected is None
    else:
        assert got == expected


@given(st.integers(min_value=1, max_value=money.MAX_BALANCE // 10000))
def test_format_round_trips_every_ten_k_step(steps: int) -> None:
    amount = steps * 10000
    text = format_amount(amount)
    assert sum(ch.isdigit() for ch in text) <= 5
    assert parse_amount(text) == amount


@given(st.integers(min_value=0, max_value=100000 * 10**6 - 1))  # 5 digits reach 99999M
def test_format_fits_five_digits_and_never_overstates(amount: int) -> None:
    text = format_amount(amount)
    assert sum(ch.isdigit() for ch in text) <= 5
    shown = Decimal(text.rstrip("KM")) * {"K": 1000, "M": 10**6}.get(text[-1], 1)
    assert shown <= amount  # a display cut short rounds down, never shows money not there


@given(st.integers(min_value=-(10**9), max_value=10**9))
def test_operation_limits_match_the_rulebook(amount: int) -> None:
    allowed = 10000 <= amount <= 20000000 and amount % 10000 == 0
    assert (operation_problem(amount) is None) == allowed


def reference_format(amount: int) -> str:
    """format_amount's text as the firmware made it by slicing strings until it was reworked
    into arithmetic and one "%" format (issue 14): the new code must print exactly this."""
    if amount < 0:
        return "-" + reference_format(-amount)
    if amount >= 1000000:
        return _reference_scaled(amount, 1000000, "M")
    if amount >= 1000:
        return _reference_scaled(amount, 1000, "K")
    return str(amount)


def _reference_scaled(amount: int, unit: int, suffix: str) -> str:
    whole_text = str(amount // unit)
    rest = amount % unit
    room = 5 - len(whole_text)
    if rest == 0 or room <= 0:
        return whole_text + suffix
    fraction = str(unit + rest)[1 : 1 + room].rstrip("0")
    return whole_text + ("." + fraction if fraction else "") + suffix


amounts = st.one_of(
    st.integers(min_value=-(10**13), max_value=10**13),
    st.integers(min_value=-2 * 10**6, max_value=2 * 10**6),
    st.integers(min_value=0, max_value=99999).map(lambda step: step * 10000),
    st.integers(min_value=0, max_value=13).flatmap(
        lambda power: st.sampled_from([10**power - 1, 10**power, 10**power + 1])
    ),
)


@settings(max_examples=1000)
@given(amounts)
def test_format_prints_what_the_slicing_formatter_printed(amount: int) -> None:
    assert money._format(amount) == reference_format(amount)
    assert format_amount(amount) == reference_format(amount)


@given(st.sampled_from(["", "BALANCE ", "TOTAL "]), amounts)
def test_a_labelled_amount_is_the_label_then_the_amount(label: str, amount: int) -> None:
    assert money.format_labelled(label, amount) == label + reference_format(amount)
