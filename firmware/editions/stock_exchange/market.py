# Stock Exchange market model: shares, presidencies, offices, share prices, interest, dividends.
#
# Pure and portable: plain lists of ints indexed by company code (1..22, index 0 unused) and
# token (0..5 = HAT..BOAT); -1 stands for the bank / nobody. Quotes never change state; apply()
# of a record is the only mutation, and it first re-quotes the record so an invalid one raises
# ValueError (MarketError is one) before anything changes. Records (nested parts may come back
# from the journal as lists):
#   ("se_intro", token, code, paid)                 paid: list price, a bid, or 0 (free)
#   ("se_buy", token, code, count, cost)
#   ("se_sell", token, code, count, proceeds, refund)
#   ("se_trade", buyer, seller, code, count, refund)
#   ("se_interest", token, code, amount)
#   ("se_start", token, amount)
#   ("se_offices", code, levels, net)
#   ("se_remove", token, refund)
#   ("se_new",)
#   ("se_state", holdings, president, offices, trend, pending, in_play)   the whole market:
#       tuples of 22, 22, 22, 22, 6 and 6 ints; a company's holdings are one 6-digit decimal
#       number, hat first (500200: hat 5, dog 2), so the snapshot holds no nested tuples
# Amounts that only move money (paid, cost, proceeds, interest) are taken as confirmed; those the
# state alone decides (refunds, office net, dividends) must match or the record is refused.
# The board's data and the share price formula: editions.stock_exchange.prices. Design and
# reasoning: docs/stock-exchange-design.md.
from compat.const import const
from editions.stock_exchange.prices import (
    F_MONOPOLY,
    F_PLAIN,
    GROUP_END,
    GROUP_FIRST,
    GROUP_FIRSTS,
    LIST_PRICE,
    OFFICE_COST,
    level_factor,
    price_formula,
)

TOKENS = ("HAT", "CAR", "DOG", "SHOE", "IRON", "BOAT")
SIDES = ((1, 5), (6, 11), (12, 17), (18, 22))
START_BONUS = const(200)
MAX_AMOUNT = const(99999)  # largest bid or recorded amount accepted
_CODES = const(23)  # company codes 1..22; index 0 unused
_PLAYERS = const(6)
_SHARES = const(9)  # per company
_INTRO = const(5)  # shares an introduction gives
_HEAD = const(5)  # office level 5 is one head office standing for 5 levels
_OFFICES = const(32)
_HEADS = const(12)


class MarketError(ValueError):
    """An operation the market refuses; args[0] (and .message) is the screen's text: at most
    21 characters, upper case."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class Quote:
    """What an operation would do. Never changes the market."""

    def __init__(self, amount: int, effects: tuple, refund: int, refund_to: int, price: int):
        self.amount = amount  # what the screen shows (0 for a trade)
        self.effects = effects  # ("president"|"monopoly"|"liquidated"|"unlisted", ...) tuples
        self.refund = refund  # forced sale of offices, owed to refund_to (0 if none)
        self.refund_to = refund_to  # token, or -1
        self.price = price  # the code's share price after the operation (0: none / unlisted)


def _owner(president: list, first: int) -> int:
    """The token presiding over every company of the group starting at first, or -1."""
    owner = president[first]
    for code in range(first + 1, GROUP_END[first]):
        if president[code] != owner:
            return -1
    return owner


def _pack(row: list) -> int:
    """Six share counts (0..9) as one decimal number, hat first."""
    packed = 0
    for shares in row:
        packed = packed * 10 + shares
    return packed


def _amount(value) -> int:
    if type(value) is not int or value < 0 or value > MAX_AMOUNT:
        raise ValueError("bad amount")
    return value


def _need(record, length: int) -> None:
    if len(record) != length:
        raise ValueError("record has wrong length")


class Market:
    def __init__(self) -> None:
        self.holdings = []
        for _ in range(_CODES):
            self.holdings.append([0] * _PLAYERS)
        self.president = [-1] * _CODES
        self.offices = [0] * _CODES
        self.trend = [0] * _CODES
        self.pending = [0] * _PLAYERS
        self.in_play = [False] * _PLAYERS

    # ---- reading the market ----

    def group_of(self, code: int) -> tuple:
        return tuple(range(GROUP_FIRST[code], GROUP_END[code]))

    def office_cost(self, code: int) -> int:
        """Cost of one office level on code (a head office is the fifth level)."""
        return OFFICE_COST[code]

    def bank_shares(self, code: int) -> int:
        return _SHARES - sum(self.holdings[code])

    def is_listed(self, code: int) -> bool:
        return self.president[code] >= 0

    def monopoly_owner(self, code: int) -> int:
        """The token presiding over the whole group of code (any code of the group), or -1."""
        return _owner(self.president, GROUP_FIRST[code])

    def has_monopoly(self, code: int) -> bool:
        return self.monopoly_owner(code) >= 0

    def level(self, code: int) -> int:
        """L: from the number of distinct player holders and the shares players hold."""
        holders = shares = 0
        for held in self.holdings[code]:
            if held:
                holders += 1
                shares += held
        return level_factor(holders, shares)

    def share_price(self, code: int, offices: int = -1) -> int:
        """The model notes' price (0 when unlisted); offices >= 0 prices another office level."""
        if self.monopoly_owner(code) < 0:
            factor = F_PLAIN
        else:
            factor = F_MONOPOLY[self.offices[code] if offices < 0 else offices]
        return price_formula(LIST_PRICE[code], self.level(code), factor)

    def bank_offices(self) -> int:
        used = 0
        for level in self.offices:
            if level < _HEAD:
                used += level
        return _OFFICES - used

    def bank_head_offices(self) -> int:
        return _HEADS - self.offices.count(_HEAD)

    def totals(self) -> list:
        """Per token: its shares at market value plus the cost of the offices it owns (the
        offices of a group belong to the group's President)."""
        values = [0] * _PLAYERS
        for code in range(1, _CODES):
            price = self.share_price(code)
            row = self.holdings[code]
            for token in range(_PLAYERS):
                values[token] += row[token] * price
            if self.offices[code]:
                values[self.president[code]] += self.offices[code] * OFFICE_COST[code]
        return values

    def interest_base(self, code: int) -> int:
        """Interest on a listed company for a payer holding none of its shares: the share price
        outside a monopoly, twice that in a monopoly without offices, one and a half times the
        share price once offices stand on it."""
        plain = price_formula(LIST_PRICE[code], self.level(code), F_PLAIN)
        if self.monopoly_owner(code) < 0:
            return plain
        if self.offices[code] == 0:
            return 2 * plain
        return self.share_price(code) * 3 // 2

    # ---- quotes (never change state) ----

    def quote_introduce(self, token: int, code: int, bid: int | None = None) -> Quote:
        self._check(token, code, False)
        if self.is_listed(code):
            raise MarketError("ALREADY LISTED")
        if bid is None:
            bid = LIST_PRICE[code]
        elif type(bid) is not int or bid < 0 or bid > MAX_AMOUNT:
            raise MarketError("BID 0 TO 99999")
        return self._move(code, -1, token, _INTRO, bid, False)

    def quote_buy(self, token: int, code: int, count: int) -> Quote:
        self._check(token, code, True)
        if count != 1 and count != 2:
            raise MarketError("BUY 1 OR 2 SHARES")
        bank = self.bank_shares(code)
        if bank < count:
            raise MarketError("BANK HAS 1 SHARE" if bank == 1 else "BANK HAS NO SHARES")
        return self._move(code, -1, token, count, -1, False)

    def quote_sell(self, token: int, code: int, count: int) -> Quote:
        self._check_holds(token, code, count)
        return self._move(code, token, -1, count, -1, False)

    def quote_trade(self, buyer: int, seller: int, code: int, count: int) -> Quote:
        self._check(buyer, code, False)
        if buyer == seller:
            raise MarketError("SAME TOKEN TWICE")
        self._check_holds(seller, code, count)
        return self._move(code, seller, buyer, count, 0, False)

    def quote_interest(self, token: int, code: int) -> Quote:
        """The payer's part of the interest: it keeps back what its own shares would earn."""
        self._check(token, code, True)
        if self.president[code] == token:
            return Quote(0, (), 0, -1, self.share_price(code))
        shares = sum(self.holdings[code])
        others = shares - self.holdings[code][token]
        due = self.interest_base(code) * others // shares
        return Quote(due, (), 0, -1, self.share_price(code))

    def quote_dividend(self, token: int) -> Quote:
        self._check(token, 1, False)
        return Quote(START_BONUS + self.pending[token], (), 0, -1, 0)

    def quote_offices(self, code: int, levels) -> Quote:
        """New office levels for code's whole group, in code order. Amount: cost (positive) or
        refund (negative); levels only have to be even and in stock at the end."""
        self._check(0, code, False)
        first, size = GROUP_FIRST[code], GROUP_END[code] - GROUP_FIRST[code]
        if self.monopoly_owner(code) < 0:
            raise MarketError("NOT A MONOPOLY")
        if not isinstance(levels, (tuple, list)) or len(levels) != size:
            raise MarketError("ONE LEVEL PER COMPANY")
        offices, heads = self.bank_offices(), self.bank_head_offices()
        low, high, net, cost = _HEAD, 0, 0, OFFICE_COST[code]
        for index in range(size):
            new, old = levels[index], self.offices[first + index]
            if type(new) is not int or new < 0 or new > _HEAD:
                raise MarketError("LEVEL 0 TO 5")
            low, high = min(low, new), max(high, new)
            # Building costs the full price per level, selling gives half (costs are even).
            net += (new - old) * cost if new > old else (new - old) * cost // 2
            offices += (old if old < _HEAD else 0) - (new if new < _HEAD else 0)
            heads += (old == _HEAD) - (new == _HEAD)
        if high - low > 1:
            raise MarketError("BUILD EVENLY")
        if tuple(levels) == tuple(self.offices[first : first + size]):
            raise MarketError("NO CHANGE")
        if offices < 0:
            raise MarketError("NO OFFICES LEFT")
        if heads < 0:
            raise MarketError("NO HEAD OFFICES LEFT")
        return Quote(net, (), 0, -1, self.share_price(code, levels[code - first]))

    def quote_remove(self, token: int) -> Quote:
        self._check(token, 1, False)
        if not self.in_play[token]:
            raise MarketError("NOT IN PLAY")
        return self._remove(token, False)

    # ---- records ----

    def apply(self, record) -> tuple:
        """Apply one confirmed record and return its effects; ValueError (nothing changed) if it
        cannot be valid in the current state."""
        kind = record[0] if len(record) else None
        if kind == "se_intro":
            _need(record, 4)
            token, code = record[1], record[2]
            self.quote_introduce(token, code, _amount(record[3]))
            return self._move(code, -1, token, _INTRO, record[3], True).effects
        if kind == "se_buy":
            _need(record, 5)
            token, code, count = record[1], record[2], record[3]
            self.quote_buy(token, code, count)
            _amount(record[4])
            return self._move(code, -1, token, count, -1, True).effects
        if kind == "se_sell" or kind == "se_trade":
            _need(record, 6)
            if kind == "se_sell":
                giver, taker, code, count, price = record[1], -1, record[2], record[3], -1
                _amount(record[4])
                quote = self.quote_sell(giver, code, count)
            else:
                giver, taker, code, count, price = record[2], record[1], record[3], record[4], 0
                quote = self.quote_trade(taker, giver, code, count)
            if quote.refund != record[5]:
                raise ValueError("refund differs")
            return self._move(code, giver, taker, count, price, True).effects
        if kind == "se_interest":
            _need(record, 4)
            self._interest(record[1], record[2], _amount(record[3]))
            return ()
        if kind == "se_start":
            _need(record, 3)
            if self.quote_dividend(record[1]).amount != record[2]:
                raise ValueError("dividend differs")
            self.pending[record[1]] = 0
            self.in_play[record[1]] = True
            return ()
        if kind == "se_offices":
            _need(record, 4)
            code, levels = record[1], record[2]
            if self.quote_offices(code, levels).amount != record[3]:
                raise ValueError("office net differs")
            first, end = GROUP_FIRST[code], GROUP_END[code]
            before = self._prices(first, end)
            for index in range(len(levels)):
                self.offices[first + index] = levels[index]
            self._update_trends(before, first, end)
            return ()
        if kind == "se_remove":
            _need(record, 3)
            if self.quote_remove(record[1]).refund != record[2]:
                raise ValueError("refund differs")
            return self._remove(record[1], True).effects
        if kind == "se_new":
            Market.__init__(self)
            return ()
        if kind == "se_state":
            self._load_state(record)
            return ()
        raise ValueError("not a market record")

    def state_records(self) -> list:
        """The whole market as one record: apply() of it on any Market rebuilds this one."""
        holdings = [0] * (_CODES - 1)
        for code in range(1, _CODES):
            holdings[code - 1] = _pack(self.holdings[code])
        return [
            (
                "se_state",
                tuple(holdings),
                tuple(self.president[1:]),
                tuple(self.offices[1:]),
                tuple(self.trend[1:]),
                tuple(self.pending),
                tuple(map(int, self.in_play)),
            )
        ]

    def state_problem(self) -> str | None:
        """The first broken invariant of the current state, or None (snapshots and tests)."""
        for code in range(1, _CODES):
            row = self.holdings[code]
            for token in range(_PLAYERS):
                if type(row[token]) is not int or row[token] < 0:
                    return "bad holding"
                if row[token] and not self.in_play[token]:
                    return "holder not in play"
            if sum(row) > _SHARES:
                return "more than 9 shares"
            president = self.president[code]
            if type(president) is not int or president < -1 or president >= _PLAYERS:
                return "bad president"
            if (president < 0) != (sum(row) == 0):
                return "listing and president disagree"
            if president >= 0 and row[president] != max(row):
                return "president not a top holder"
            if self.trend[code] not in (-1, 0, 1) or (president < 0 and self.trend[code]):
                return "bad trend"
            level = self.offices[code]
            if type(level) is not int or level < 0 or level > _HEAD:
                return "bad office level"
            if level and self.monopoly_owner(code) < 0:
                return "offices outside a monopoly"
        for first in GROUP_FIRSTS:
            levels = self.offices[first : GROUP_END[first]]
            if max(levels) - min(levels) > 1:
                return "uneven offices"
        if self.bank_offices() < 0 or self.bank_head_offices() < 0:
            return "office supply exceeded"
        for token in range(_PLAYERS):
            if type(self.pending[token]) is not int or self.pending[token] < 0:
                return "bad pending dividend"
        return None

    # ---- internals ----

    def _check(self, token: int, code: int, listed: bool) -> None:
        if type(token) is not int or token < 0 or token >= _PLAYERS:
            raise MarketError("NO SUCH TOKEN")
        if type(code) is not int or code < 1 or code >= _CODES:
            raise MarketError("NO SUCH COMPANY")
        if listed and self.president[code] < 0:
            raise MarketError("NOT LISTED")

    def _check_holds(self, token: int, code: int, count: int) -> None:
        self._check(token, code, True)
        if type(count) is not int or count < 1:
            raise MarketError("1 SHARE OR MORE")
        held = self.holdings[code][token]
        if held < count:
            if held < 2:
                raise MarketError("ONLY 1 SHARE HELD" if held else "NO SHARES HELD")
            raise MarketError("ONLY %d SHARES HELD" % held)

    def _elect(self, code: int, former: int) -> int:
        """President after a change: the former one while still a top holder, else the first
        top holder in cyclic token order after the former one; -1 when players hold nothing."""
        row = self.holdings[code]
        best = max(row)
        if best == 0:
            return -1
        if former >= 0 and row[former] == best:
            return former
        token = former
        while True:
            token = (token + 1) % _PLAYERS
            if row[token] == best:
                return token

    def _settle(self, first_code: int, last_code: int, former: list) -> Quote:
        """Re-elect the presidents of first_code..last_code against former (the presidents
        before the change); force-sell the offices of every monopoly that changed hands."""
        effects: list = []
        for code in range(first_code, last_code + 1):
            elected = self._elect(code, former[code])
            if elected != former[code]:
                self.president[code] = elected
                effects.append(
                    ("president", code, elected) if elected >= 0 else ("unlisted", code)
                )
        refund, refund_to = 0, -1
        firsts = GROUP_FIRSTS if first_code != last_code else (GROUP_FIRST[first_code],)
        for first in firsts:
            if first > last_code or GROUP_END[first] <= first_code:
                continue
            was, now = _owner(former, first), _owner(self.president, first)
            if was == now:
                continue
            if was >= 0:
                levels = 0
                for code in range(first, GROUP_END[first]):
                    levels += self.offices[code]
                    self.offices[code] = 0
                if levels:
                    value = levels * OFFICE_COST[first] // 2
                    effects.append(("liquidated", first, was, value))
                    refund, refund_to = refund + value, was
            if now >= 0:
                effects.append(("monopoly", first, now))
        return Quote(0, tuple(effects), refund, refund_to, 0)

    def _move(self, code: int, giver: int, taker: int, count: int, amount: int, commit: bool):
        """Move count shares of code from giver to taker (-1: the bank). amount -1: priced by the
        market (a purchase after, a sale before the move); otherwise that fixed amount."""
        row = self.holdings[code]
        saved_row = tuple(row)
        former = list(self.president)
        saved_offices = tuple(self.offices)
        price_before = self.share_price(code)
        first, end = GROUP_FIRST[code], GROUP_END[code]
        before = self._prices(first, end) if commit else []
        if giver >= 0:
            row[giver] -= count
        if taker >= 0:
            row[taker] += count
        quote = self._settle(code, code, former)
        quote.price = self.share_price(code)
        if amount >= 0:
            quote.amount = amount
        else:
            quote.amount = count * (quote.price if giver < 0 else price_before)
        if commit:
            self._update_trends(before, first, end)
            for token in (giver, taker):
                if token >= 0:
                    self.in_play[token] = True
        else:
            # A quote puts the market back as it was: slice assignments (an index at a time
            # in Python, the 23 presidents and offices were 0.3 ms of a quote on the chip).
            row[:] = saved_row
            self.president[:] = former
            self.offices[:] = saved_offices
        return quote

    def _remove(self, token: int, commit: bool) -> Quote:
        column = bytearray(_CODES)
        for code in range(_CODES):
            column[code] = self.holdings[code][token]
        former = list(self.president)
        saved_offices = tuple(self.offices)
        before = self._prices() if commit else []
        for row in self.holdings:
            row[token] = 0
        quote = self._settle(1, _CODES - 1, former)
        if commit:
            self._update_trends(before)
            self.in_play[token] = False
            self.pending[token] = 0
        else:
            for code in range(_CODES):
                self.holdings[code][token] = column[code]
            self.president[:] = former
            self.offices[:] = saved_offices
        return quote

    def _interest(self, token: int, code: int, amount: int) -> None:
        """Pay amount of interest on code: it goes to the other player holders' pending
        dividends pro rata to their shares, each part floored, the remainder to the President."""
        self._check(token, code, True)
        row = self.holdings[code]
        president = self.president[code]
        others = sum(row) - row[token]
        if amount and president == token:
            raise ValueError("the President pays no interest")
        self.in_play[token] = True
        if amount == 0:
            return
        paid = 0
        for holder in range(_PLAYERS):
            if holder != token and row[holder]:
                part = amount * row[holder] // others
                self.pending[holder] += part
                paid += part
        self.pending[president] += amount - paid

    def _prices(self, first: int = 1, end: int = _CODES) -> list:
        """Share prices of codes first..end-1 (0 elsewhere): before a change, for the trends."""
        prices = [0] * _CODES
        for code in range(first, end):
            prices[code] = self.share_price(code)
        return prices

    def _update_trends(self, before: list, first: int = 1, end: int = _CODES) -> None:
        # A company's price depends only on its own shares and offices and on its colour
        # group's presidencies, so a change inside one group is priced within that group.
        for code in range(first, end):
            after = self.share_price(code)
            if after == 0 or before[code] == 0:
                self.trend[code] = 0  # unlisted, or just listed: no earlier price to compare
            elif after != before[code]:
                self.trend[code] = 1 if after > before[code] else -1

    def _load_state(self, record) -> None:
        _need(record, 7)
        sizes = b"\x16\x16\x16\x16\x06\x06"  # 22, 22, 22, 22, 6, 6
        for index in range(6):
            part = record[index + 1]
            if not isinstance(part, (tuple, list)) or len(part) != sizes[index]:
                raise ValueError("bad snapshot part")
        for packed in record[1]:
            if type(packed) is not int or packed < 0 or packed > 999999:
                raise ValueError("bad snapshot holdings")
        for flag in record[6]:
            if flag != 0 and flag != 1:
                raise ValueError("bad in-play flag")
        saved = self.state_records()[0]
        self._assign(record)
        problem = self.state_problem()
        if problem is not None:
            self._assign(saved)
            raise ValueError("snapshot: " + problem)

    def _assign(self, record) -> None:
        holdings, president, offices, trend, pending, in_play = record[1:7]
        for code in range(1, _CODES):
            packed, row = holdings[code - 1], self.holdings[code]
            for token in range(_PLAYERS - 1, -1, -1):
                row[token] = packed % 10
                packed //= 10
            self.president[code] = president[code - 1]
            self.offices[code] = offices[code - 1]
            self.trend[code] = trend[code - 1]
        for token in range(_PLAYERS):
            self.pending[token] = pending[token]
            self.in_play[token] = bool(in_play[token])
