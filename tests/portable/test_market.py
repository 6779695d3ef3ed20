# Stock Exchange market model: board data, prices, presidency, offices, interest (portable).
from editions.stock_exchange.market import (
    SIDES,
    TOKENS,
    Market,
    MarketError,
)
from editions.stock_exchange.prices import (
    LIST_PRICE,
    OFFICE_COST,
    level_factor,
    price_formula,
)

HAT, CAR, DOG, SHOE, IRON, BOAT = 0, 1, 2, 3, 4, 5


# Each helper quotes an operation, confirms it with the record an edition would journal and
# checks that applying it had exactly the quoted effects.
def intro(market, token, code, bid=None):
    quote = market.quote_introduce(token, code, bid)
    assert market.apply(("se_intro", token, code, quote.amount)) == quote.effects
    return quote


def buy(market, token, code, count):
    quote = market.quote_buy(token, code, count)
    assert market.apply(("se_buy", token, code, count, quote.amount)) == quote.effects
    return quote


def sell(market, token, code, count):
    quote = market.quote_sell(token, code, count)
    record = ("se_sell", token, code, count, quote.amount, quote.refund)
    assert market.apply(record) == quote.effects
    return quote


def trade(market, buyer, seller, code, count):
    quote = market.quote_trade(buyer, seller, code, count)
    record = ("se_trade", buyer, seller, code, count, quote.refund)
    assert market.apply(record) == quote.effects
    return quote


def build(market, code, levels):
    quote = market.quote_offices(code, levels)
    assert market.apply(("se_offices", code, levels, quote.amount)) == ()
    return quote


def interest(market, token, code):
    quote = market.quote_interest(token, code)
    market.apply(("se_interest", token, code, quote.amount))
    return quote


def start(market, token):
    quote = market.quote_dividend(token)
    market.apply(("se_start", token, quote.amount))
    return quote


def remove(market, token):
    quote = market.quote_remove(token)
    assert market.apply(("se_remove", token, quote.refund)) == quote.effects
    return quote


def refusal(operation, *args):
    """The refusal's screen text, checked to fit one line in capitals."""
    try:
        operation(*args)
    except MarketError as error:
        text = error.args[0]
        assert len(text) <= 21 and text == text.upper() and error.message == text
        return text
    raise AssertionError("accepted")


def red_monopoly(token):
    market = Market()
    for code in (12, 13, 14):
        intro(market, token, code)
    return market


def example_14():
    """Company 14 before the rulebook's examples 4 and 5: car President of the red group with
    offices 3, 3, 4; on 14 car 3, dog 2, hat, shoe and boat 1 each; iron holds none."""
    market = red_monopoly(CAR)
    build(market, 12, (3, 3, 4))
    buy(market, DOG, 14, 2)
    buy(market, HAT, 14, 1)
    buy(market, SHOE, 14, 1)
    sell(market, CAR, 14, 2)
    buy(market, BOAT, 14, 1)
    assert market.holdings[14] == [1, 3, 2, 1, 0, 1]
    return market


def test_board_data_from_the_model_notes():
    assert TOKENS == ("HAT", "CAR", "DOG", "SHOE", "IRON", "BOAT")
    assert SIDES == ((1, 5), (6, 11), (12, 17), (18, 22))
    assert LIST_PRICE[1] == 60 and LIST_PRICE[5] == 120 and LIST_PRICE[11] == 200
    assert LIST_PRICE[14] == 240 and LIST_PRICE[20] == 320 and LIST_PRICE[22] == 400
    assert len(LIST_PRICE) == 23 and len(OFFICE_COST) == 23
    assert [OFFICE_COST[c] for c in (1, 5, 6, 11, 12, 17, 18, 22)] == [
        50, 50, 100, 100, 150, 150, 200, 200,
    ]  # fmt: skip
    market = Market()
    assert market.group_of(1) == (1, 2) and market.group_of(4) == (3, 4, 5)
    assert market.group_of(8) == (6, 7, 8) and market.group_of(10) == (9, 10, 11)
    assert market.group_of(14) == (12, 13, 14) and market.group_of(15) == (15, 16, 17)
    assert market.group_of(19) == (18, 19, 20) and market.group_of(22) == (21, 22)
    assert market.office_cost(13) == 150 and market.office_cost(22) == 200


def test_a_fresh_market_is_all_bank():
    market = Market()
    for code in range(1, 23):
        assert market.bank_shares(code) == 9 and not market.is_listed(code)
        assert market.president[code] == -1 and market.share_price(code) == 0
    assert market.bank_offices() == 32 and market.bank_head_offices() == 12
    assert market.totals() == [0] * 6 and market.in_play == [False] * 6


def test_level_table_and_its_blank_cells():
    assert level_factor(1, 5) == 10 and level_factor(2, 7) == 12 and level_factor(5, 8) == 18
    assert level_factor(6, 9) == 23 and level_factor(3, 9) == 15 and level_factor(4, 5) == 13
    assert level_factor(1, 1) == 6 and level_factor(6, 6) == 16
    # Blank (impossible) cells: more holders than shares repeat the column's diagonal.
    assert level_factor(2, 1) == 6 and level_factor(6, 1) == 6
    assert level_factor(4, 3) == 10 and level_factor(6, 5) == 14
    assert level_factor(0, 0) == 0 and level_factor(1, 0) == 0


def test_price_formula_rounds_then_floors():
    assert price_formula(220, 10, 7) == 48  # 48.125
    assert price_formula(220, 12, 17) == 140  # 140.25
    assert price_formula(240, 18, 22) == 297  # exactly 297
    assert price_formula(240, 13, 7) == 68  # 68.25
    assert price_formula(60, 6, 7) == 7  # 7.875: a tie in the hundredths digit, still 7
    assert price_formula(1, 1, 319) == 1  # 0.996875 rounds to 1.00 before the floor
    assert price_formula(1, 1, 318) == 0  # 0.99375 rounds to 0.99


def test_example_1_introducing_13_prices_it_48():
    market = Market()
    quote = intro(market, HAT, 13)
    assert quote.amount == 220 and quote.price == 48
    assert quote.effects == (("president", 13, HAT),)
    assert market.share_price(13) == 48 and market.bank_shares(13) == 4
    assert market.holdings[13] == [5, 0, 0, 0, 0, 0] and market.president[13] == HAT
    assert market.in_play == [True, False, False, False, False, False]


def test_example_2_company_12_with_two_offices_is_140_and_rising():
    market = red_monopoly(DOG)
    build(market, 12, (2, 2, 2))
    assert market.share_price(12) == 116
    quote = buy(market, IRON, 12, 2)
    assert quote.amount == 280 and quote.effects == ()
    assert market.offices[12] == 2 and market.bank_shares(12) == 2
    assert market.holdings[12] == [0, 0, 5, 0, 2, 0] and market.president[12] == DOG
    assert market.share_price(12) == 140 and market.trend[12] == 1


def test_example_3_car_sells_3_of_13_for_495_and_stays_president():
    market = red_monopoly(CAR)
    build(market, 12, (3, 3, 3))
    buy(market, CAR, 13, 1)
    buy(market, SHOE, 13, 1)
    assert market.share_price(13) == 165
    quote = sell(market, CAR, 13, 3)
    assert quote.amount == 495 and quote.effects == () and quote.refund == 0
    assert market.president[13] == CAR and market.share_price(13) == 137
    assert market.trend[13] == -1 and market.offices[13] == 3


def test_example_5_iron_pays_445_interest_on_14_at_297():
    market = example_14()
    assert market.share_price(14) == 297
    quote = interest(market, IRON, 14)
    assert quote.amount == 445 == 297 * 3 // 2
    # 445 pro rata over the 8 player shares, each part floored; the 3 left over go to the
    # President: car 445 * 3 // 8 = 166 + 3, dog 111, hat, shoe and boat 55 each.
    assert market.pending == [55, 169, 111, 55, 0, 55]
    assert sum(market.pending) == 445


def test_example_4_car_sells_14_dog_presides_offices_force_sold():
    market = example_14()
    quote = sell(market, CAR, 14, 3)
    assert quote.amount == 891 and quote.refund == 750 and quote.refund_to == CAR
    assert quote.effects == (("president", 14, DOG), ("liquidated", 12, CAR, 750))
    assert quote.price == 68 and market.share_price(14) == 68
    assert market.president[14] == DOG and market.offices[12:15] == [0, 0, 0]
    assert market.bank_offices() == 32 and market.trend[14] == -1
    assert market.share_price(12) == 48 and market.trend[12] == -1  # 12 and 13: F 20 -> 7


def test_dividend_525_to_the_dog():
    # The example 2 state plus hat holding 1 share of 13: car lands on 12, then on 13.
    market = red_monopoly(DOG)
    build(market, 12, (2, 2, 2))
    buy(market, IRON, 12, 2)
    buy(market, HAT, 13, 1)
    assert market.share_price(12) == 140 and market.share_price(13) == 140
    assert interest(market, CAR, 12).amount == 210
    assert interest(market, CAR, 13).amount == 210
    assert market.pending == [35, 0, 150 + 175, 0, 60, 0]
    quote = start(market, DOG)
    assert quote.amount == 525
    assert market.pending == [35, 0, 0, 0, 60, 0]
    assert market.quote_dividend(DOG).amount == 200
    assert market.quote_dividend(BOAT).amount == 200


def test_interest_is_zero_for_the_president():
    market = example_14()
    assert market.quote_interest(CAR, 14).amount == 0
    before = list(market.pending)
    interest(market, CAR, 14)
    assert market.pending == before and market.in_play[CAR]


def test_interest_is_lower_when_the_payer_holds_shares():
    market = Market()
    intro(market, HAT, 13)
    buy(market, CAR, 13, 2)
    assert market.share_price(13) == 57  # 57.75
    assert market.quote_interest(IRON, 13).amount == 57
    assert market.quote_interest(CAR, 13).amount == 57 * 5 // 7
    # Whoever lands, the hat earns the same: 57 * 5 / 7, and the car keeps its own part.
    interest(market, CAR, 13)
    assert market.pending == [40, 0, 0, 0, 0, 0]


def test_interest_doubles_on_a_monopoly_without_offices_and_grows_with_offices():
    market = Market()
    intro(market, HAT, 1)
    assert market.quote_interest(CAR, 1).amount == 13 == market.share_price(1)
    intro(market, HAT, 2)
    assert market.has_monopoly(1) and market.has_monopoly(2)
    assert market.quote_interest(CAR, 1).amount == 26
    due = [26]
    for level in range(1, 6):
        build(market, 1, (level, level))
        due.append(market.quote_interest(CAR, 1).amount)
        assert due[-1] == market.share_price(1) * 3 // 2
    assert due == [26, 39, 46, 55, 61, 78]


def test_interest_refusals():
    market = Market()
    assert refusal(market.quote_interest, CAR, 13) == "NOT LISTED"
    assert refusal(market.quote_interest, 6, 13) == "NO SUCH TOKEN"
    assert refusal(market.quote_interest, CAR, 0) == "NO SUCH COMPANY"
    assert refusal(market.quote_interest, CAR, 23) == "NO SUCH COMPANY"


def test_more_shares_take_the_presidency_a_tie_keeps_it():
    market = Market()
    intro(market, HAT, 13)
    sell(market, HAT, 13, 2)  # hat 3
    assert buy(market, CAR, 13, 2).effects == ()  # car 2
    quote = buy(market, CAR, 13, 1)  # car 3: a tie keeps the hat
    assert quote.effects == () and market.president[13] == HAT
    quote = buy(market, CAR, 13, 1)  # car 4 > 3
    assert quote.effects == (("president", 13, CAR),) and market.president[13] == CAR


def test_tie_goes_to_the_first_token_after_the_former_president():
    market = Market()
    intro(market, CAR, 13)
    buy(market, HAT, 13, 2)
    buy(market, IRON, 13, 2)
    # Car sells 4: hat and iron tie at 2; after the car come dog, shoe, iron: iron wins.
    quote = sell(market, CAR, 13, 4)
    assert quote.effects == (("president", 13, IRON),)
    # Boat yields to hat: boat presides, then hat and shoe tie.
    market = Market()
    intro(market, BOAT, 6)
    buy(market, SHOE, 6, 2)
    buy(market, HAT, 6, 2)
    assert sell(market, BOAT, 6, 5).effects == (("president", 6, HAT),)


def test_the_bank_is_never_president():
    market = Market()
    intro(market, HAT, 13)
    sell(market, HAT, 13, 4)
    assert market.bank_shares(13) == 8 and market.president[13] == HAT
    assert market.is_listed(13) and market.share_price(13) == 28  # 1 holder, 1 share: L 6


def test_selling_the_last_share_unlists_and_it_can_be_introduced_again():
    market = Market()
    intro(market, HAT, 13)
    buy(market, CAR, 13, 2)
    quote = sell(market, HAT, 13, 5)
    assert quote.effects == (("president", 13, CAR),)
    quote = sell(market, CAR, 13, 2)
    assert quote.effects == (("unlisted", 13),) and quote.price == 0
    assert not market.is_listed(13) and market.president[13] == -1
    assert market.trend[13] == 0 and market.bank_shares(13) == 9
    assert refusal(market.quote_buy, DOG, 13, 1) == "NOT LISTED"
    assert intro(market, DOG, 13, 0).amount == 0  # nobody bid: handed over free
    assert market.president[13] == DOG and market.holdings[13][DOG] == 5


def test_introduce_only_an_unlisted_company_for_list_price_or_a_bid():
    market = Market()
    assert market.quote_introduce(HAT, 22).amount == 400
    assert market.quote_introduce(HAT, 22, 455).amount == 455
    assert market.quote_introduce(HAT, 22, 0).amount == 0
    assert refusal(market.quote_introduce, HAT, 22, -1) == "BID 0 TO 99999"
    assert refusal(market.quote_introduce, HAT, 22, 100000) == "BID 0 TO 99999"
    intro(market, HAT, 22, 455)
    assert refusal(market.quote_introduce, CAR, 22) == "ALREADY LISTED"
    assert refusal(market.quote_introduce, HAT, 22) == "ALREADY LISTED"


def test_buy_one_or_two_shares_the_bank_has():
    market = Market()
    intro(market, HAT, 13)
    assert refusal(market.quote_buy, CAR, 13, 3) == "BUY 1 OR 2 SHARES"
    assert refusal(market.quote_buy, CAR, 13, 0) == "BUY 1 OR 2 SHARES"
    buy(market, CAR, 13, 2)
    buy(market, DOG, 13, 1)
    assert refusal(market.quote_buy, SHOE, 13, 2) == "BANK HAS 1 SHARE"
    buy(market, SHOE, 13, 1)
    assert refusal(market.quote_buy, IRON, 13, 1) == "BANK HAS NO SHARES"


def test_a_purchase_is_priced_after_a_sale_before():
    market = Market()
    intro(market, HAT, 13)
    assert market.share_price(13) == 48
    quote = market.quote_buy(CAR, 13, 2)
    assert quote.price == 57 and quote.amount == 114  # 2 holders, 7 shares: L 12
    buy(market, CAR, 13, 2)
    assert market.quote_sell(CAR, 13, 2).amount == 114  # sold at 57, the price before
    assert market.trend[13] == 1


def test_sell_at_most_what_you_hold():
    market = Market()
    intro(market, HAT, 13)
    buy(market, CAR, 13, 1)
    assert refusal(market.quote_sell, DOG, 13, 1) == "NO SHARES HELD"
    assert refusal(market.quote_sell, CAR, 13, 2) == "ONLY 1 SHARE HELD"
    assert refusal(market.quote_sell, HAT, 13, 6) == "ONLY 5 SHARES HELD"
    assert refusal(market.quote_sell, HAT, 13, 0) == "1 SHARE OR MORE"
    assert refusal(market.quote_sell, HAT, 12, 1) == "NOT LISTED"


def test_a_purchase_that_breaks_a_monopoly_costs_less_and_refunds_offices():
    market = red_monopoly(CAR)
    build(market, 12, (1, 1, 1))
    trade(market, DOG, CAR, 14, 2)  # car 3, dog 2
    assert market.share_price(14) == 115  # 2 holders, 5 shares, 1 office: L 11, F 14
    quote = buy(market, DOG, 14, 2)  # dog 4 > car 3
    assert quote.effects == (("president", 14, DOG), ("liquidated", 12, CAR, 225))
    assert quote.refund == 225 and quote.refund_to == CAR
    assert quote.price == 63 and quote.amount == 126  # L 12, F 7: below the 115 shown before
    assert market.offices[12:15] == [0, 0, 0] and not market.has_monopoly(12)


def test_trade_moves_shares_between_players_for_no_amount():
    market = Market()
    intro(market, HAT, 13)
    quote = trade(market, CAR, HAT, 13, 3)
    assert quote.amount == 0 and quote.effects == (("president", 13, CAR),)
    assert market.holdings[13] == [2, 3, 0, 0, 0, 0] and market.bank_shares(13) == 4
    assert market.in_play[CAR]
    assert refusal(market.quote_trade, CAR, CAR, 13, 1) == "SAME TOKEN TWICE"
    assert refusal(market.quote_trade, DOG, HAT, 13, 3) == "ONLY 2 SHARES HELD"
    assert refusal(market.quote_trade, DOG, SHOE, 13, 1) == "NO SHARES HELD"
    assert refusal(market.quote_trade, DOG, HAT, 12, 1) == "NOT LISTED"


def test_a_trade_can_make_a_monopoly():
    market = Market()
    intro(market, HAT, 1)
    intro(market, CAR, 2)
    quote = trade(market, HAT, CAR, 2, 5)
    assert quote.effects == (("president", 2, HAT), ("monopoly", 1, HAT))
    assert market.share_price(1) == 22 and market.trend[1] == 1


def test_introducing_the_last_company_of_a_group_makes_a_monopoly():
    market = Market()
    intro(market, SHOE, 21)
    quote = intro(market, SHOE, 22)
    assert quote.effects == (("president", 22, SHOE), ("monopoly", 21, SHOE))
    assert market.has_monopoly(21) and market.has_monopoly(22)
    assert market.share_price(21) == 131  # F 12
    assert market.trend[21] == 1 and market.trend[22] == 0  # 22 has no earlier price


def test_offices_need_a_monopoly_and_even_building():
    market = Market()
    intro(market, HAT, 12)
    intro(market, HAT, 13)
    assert refusal(market.quote_offices, 12, (1, 1, 1)) == "NOT A MONOPOLY"
    intro(market, HAT, 14)
    assert refusal(market.quote_offices, 12, (1, 1)) == "ONE LEVEL PER COMPANY"
    assert refusal(market.quote_offices, 12, (2, 0, 1)) == "BUILD EVENLY"
    assert refusal(market.quote_offices, 13, (6, 5, 5)) == "LEVEL 0 TO 5"
    assert refusal(market.quote_offices, 13, (0, 0, 0)) == "NO CHANGE"
    assert build(market, 14, (1, 0, 0)).amount == 150
    # The rulebook's pair of office screens: pay 750, later get 150 back.
    build(market, 12, (1, 1, 1))
    assert build(market, 13, (2, 3, 3)).amount == 750
    assert build(market, 12, (2, 2, 2)).amount == -150
    assert market.offices[12:15] == [2, 2, 2] and market.bank_offices() == 26


def test_a_head_office_returns_its_four_offices():
    market = red_monopoly(HAT)
    build(market, 12, (4, 4, 4))
    assert market.bank_offices() == 20 and market.bank_head_offices() == 12
    assert build(market, 12, (5, 4, 4)).amount == 150
    assert market.bank_offices() == 24 and market.bank_head_offices() == 11
    assert market.share_price(12) == 192  # 1 holder, 5 shares, F 28
    assert build(market, 12, (4, 4, 4)).amount == -75
    assert build(market, 12, (0, 0, 0)).amount == -900  # 12 levels at half of 150
    assert market.bank_offices() == 32


def test_office_shortage():
    market = Market()
    for code in range(1, 23):
        intro(market, HAT, code)
    build(market, 1, (4, 4))
    build(market, 3, (4, 4, 4))
    build(market, 6, (4, 4, 4))
    assert market.bank_offices() == 0
    assert refusal(market.quote_offices, 9, (1, 0, 0)) == "NO OFFICES LEFT"
    build(market, 9, (5, 5, 5))  # straight to head offices: no office needed
    build(market, 12, (5, 5, 5))
    build(market, 15, (5, 5, 5))
    build(market, 18, (5, 5, 5))
    assert market.bank_head_offices() == 0 and market.bank_offices() == 0
    assert refusal(market.quote_offices, 21, (5, 5)) == "NO HEAD OFFICES LEFT"
    # Going down from a head office needs offices in the bank; selling it all does not.
    assert refusal(market.quote_offices, 9, (4, 5, 5)) == "NO OFFICES LEFT"
    assert build(market, 9, (0, 0, 0)).amount == -750
    build(market, 1, (3, 3))  # 2 offices back to the bank
    assert market.bank_offices() == 2
    assert refusal(market.quote_offices, 12, (2, 2, 2)) == "NO OFFICES LEFT"
    assert build(market, 12, (1, 0, 0)).amount == -14 * 75
    assert market.bank_offices() == 1 and market.bank_head_offices() == 6


def test_remove_a_player_returns_shares_and_moves_presidencies():
    market = red_monopoly(CAR)
    build(market, 12, (1, 1, 2))
    buy(market, DOG, 12, 2)
    buy(market, BOAT, 12, 2)
    buy(market, HAT, 13, 1)
    interest(market, IRON, 12)
    assert market.pending[CAR] > 0
    quote = remove(market, CAR)
    assert quote.amount == 0 and quote.refund == 300 and quote.refund_to == CAR
    assert quote.effects == (
        ("president", 12, DOG),  # dog and boat tie at 2: dog comes first after the car
        ("president", 13, HAT),
        ("unlisted", 14),
        ("liquidated", 12, CAR, 300),
    )
    assert market.holdings[14] == [0] * 6 and market.bank_shares(14) == 9
    assert market.offices[12:15] == [0, 0, 0] and market.bank_offices() == 32
    assert not market.in_play[CAR] and market.pending[CAR] == 0
    assert refusal(market.quote_remove, CAR) == "NOT IN PLAY"
    assert refusal(market.quote_remove, SHOE) == "NOT IN PLAY"
    assert market.state_problem() is None


def test_totals_are_shares_at_market_value_plus_offices_at_cost():
    market = example_14()
    prices = [market.share_price(code) for code in (12, 13, 14)]
    assert prices == [137, 137, 297]
    offices = 10 * 150
    assert market.totals() == [297, 5 * 137 * 2 + 3 * 297 + offices, 2 * 297, 297, 0, 297]


def test_quotes_never_change_the_state():
    market = example_14()
    snapshot = market.state_records()
    market.quote_sell(CAR, 14, 3)
    market.quote_buy(DOG, 14, 1)
    market.quote_trade(DOG, CAR, 14, 3)
    market.quote_remove(CAR)
    market.quote_offices(12, (4, 4, 4))
    market.quote_interest(IRON, 14)
    market.quote_dividend(DOG)
    market.quote_introduce(IRON, 1)
    assert market.state_records() == snapshot


def test_state_records_rebuild_the_market():
    market = example_14()
    interest(market, IRON, 14)
    copy = Market()
    intro(copy, HAT, 1)  # anything: the snapshot replaces it
    for record in market.state_records():
        copy.apply(record)
    assert copy.state_records() == market.state_records()
    assert copy.totals() == market.totals() and copy.in_play == market.in_play
    assert copy.quote_sell(CAR, 14, 3).refund == 750


def test_records_read_back_as_lists_still_apply():
    market = red_monopoly(CAR)
    market.apply(["se_offices", 12, [1, 1, 1], 450])
    assert market.offices[12:15] == [1, 1, 1]
    record = market.state_records()[0]
    as_lists = [record[0]] + [list(part) for part in record[1:]]
    copy = Market()
    copy.apply(as_lists)
    assert copy.state_records() == market.state_records()


def test_new_game_clears_everything():
    market = example_14()
    market.apply(("se_new",))
    assert market.state_records() == Market().state_records()


def test_invalid_records_raise_and_change_nothing():
    market = example_14()
    snapshot = market.state_records()
    bad = (
        ("se_intro", HAT, 14, 240),  # listed
        ("se_intro", HAT, 1, -5),
        ("se_buy", IRON, 14, 2, 600),  # the bank has 1
        ("se_buy", IRON, 14, 1),
        ("se_sell", CAR, 14, 3, 891, 0),  # the refund is 750
        ("se_sell", IRON, 14, 1, 297, 0),
        ("se_trade", DOG, CAR, 14, 3, 0),  # the refund is 750
        ("se_interest", CAR, 14, 10),  # the President pays nothing
        ("se_interest", IRON, 1, 10),  # not listed
        ("se_start", DOG, 999),
        ("se_offices", 12, (4, 4, 4), 0),  # the net is 300
        ("se_offices", 12, (5, 3, 4), 150),  # uneven
        ("se_remove", CAR, 0),  # the refund is 750
        ("se_remove", IRON, 0),  # not in play
        ("se_state", (0,) * 22, (0,) * 22, (0,) * 22, (0,) * 22, (0,) * 6, (0,) * 6),
        ("se_state",),
        ("se_unknown", 1),
        (),
    )
    for record in bad:
        try:
            market.apply(record)
        except ValueError:
            pass
        else:
            raise AssertionError("applied %r" % (record,))
        assert market.state_records() == snapshot


def _refused_snapshot(market, record, empty):
    try:
        market.apply(record)
    except ValueError:
        pass
    else:
        raise AssertionError("applied a broken snapshot")
    assert market.state_records()[0] == empty


def test_snapshots_breaking_an_invariant_are_refused():
    good = example_14().state_records()[0]
    market = Market()
    empty = market.state_records()[0]
    holdings = list(good[1])
    assert holdings[13] == 132101  # hat 1, car 3, dog 2, shoe 1, boat 1
    holdings[13] = 134101  # dog 4 > car 3 on 14 but the car still presides
    _refused_snapshot(market, ("se_state", tuple(holdings)) + good[2:], empty)
    holdings[13] = 232102  # 10 shares of 14
    _refused_snapshot(market, ("se_state", tuple(holdings)) + good[2:], empty)
    offices = list(good[3])
    offices[11] = 5  # 5, 3, 4 on the red group: uneven
    _refused_snapshot(market, good[:3] + (tuple(offices),) + good[4:], empty)
    offices[11] = 3
    offices[0] = 1  # an office on 01, which nobody holds
    _refused_snapshot(market, good[:3] + (tuple(offices),) + good[4:], empty)
    in_play = (1, 1, 1, 1, 1, 0)  # the boat holds a share of 14
    _refused_snapshot(market, good[:6] + (in_play,), empty)
    market.apply(good)
    assert market.state_records()[0] == good
