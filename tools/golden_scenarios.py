"""The golden-screenshot scenarios, shared by tools/make_golden.py and tests/host/test_golden.py.

Each scenario plays one short situation on a fresh VirtualUnit (Electronic Banking unless
SCENARIO_EDITIONS names another: Revolution's and the Stock Exchange's screens; Pico board,
fresh flash, virtual time) and ends on one of the edition's main screens. `shoot()` saves that
screen as a 128x64 PNG at scale 1, so a golden holds exactly one image pixel per OLED pixel.
Every scenario also names the text it expects on the glass: a scenario that stopped reaching
its screen (a changed timing, a renamed message) fails loudly instead of being re-blessed.
"""

import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN_DIR = ROOT / "tests" / "golden"
EDITION = "electronic_banking"


def _idle(unit) -> None:
    unit.advance(1.0)


def _card_number(unit) -> None:
    unit.insert(card=2, slot="green")  # the card's number shows for a second


def _balance(unit) -> None:
    unit.insert(card=2, slot="green")
    unit.advance(1.2)


def _typing(unit) -> None:
    _balance(unit)
    unit.type("1.5")


def _credit(unit) -> None:
    _balance(unit)
    unit.type("1.5M")


def _transfer(unit) -> None:
    unit.insert(card=3, slot="red")
    unit.insert(card=2, slot="green")
    unit.advance(1.2)
    unit.type("250K")


def _error(unit) -> None:
    _balance(unit)
    unit.type("25M")


def _sound_off(unit) -> None:
    unit.advance(1.0)
    unit.press(".")  # "." with no card in toggles the sound


def _classic_lift(unit) -> None:
    unit.insert(card=2, slot="red")
    unit.advance(1.2)
    unit.type("75")
    unit.press("mortgage")


def _classic_bankrupt(unit) -> None:
    unit.insert(card=4, slot="red")
    unit.insert(card=1, slot="green")
    unit.advance(1.2)
    unit.press("bankrupt")


def _totals_winner(unit) -> None:
    unit.hold("M", 2.5)
    unit.press("go")
    unit.type("2.5M")
    for _ in range(6):
        unit.press("go")


def _standby(unit) -> None:
    _balance(unit)
    unit.advance(61.0)  # a minute without activity: the panel keeps its frame, the glass is dark


def _zone_choice(unit) -> None:
    unit.advance(1.0)
    unit.press("zone")  # no card in: the zone symbols turn by themselves
    unit.advance(0.95)  # pedestrian, cyclist, car: one symbol each 0.5 s


def _chance_card(unit) -> None:
    unit.press("zone")
    unit.press("go")  # the pedestrian zone is chosen
    unit.insert(card=3, slot="green")
    unit.press("zone")  # the symbols spin, from the pedestrian one
    unit.press("zone")  # stopped on it: a Chance card for card 3
    unit.advance(5.0)  # its text half scrolled


def _auction(unit) -> None:
    unit.advance(1.0)
    unit.press("deal")
    unit.advance(12.3)


# ---- Stock Exchange (tokens: keys 1..6 = hat, car, dog, shoe, iron, boat) ----


def _se(unit, *keys) -> None:
    for key in keys:
        unit.press(key)


def _se_opening(unit) -> None:
    """Hat owns the brown group with an office on each, car holds 2 shares of 01, dog has
    introduced 03 and paid interest on 01."""
    _se(unit, "bank_purchase", "1", "0", "1", "confirm")
    _se(unit, "bank_purchase", "1", "0", "2", "confirm")
    _se(unit, "offices", "0", "1", "1", "1", "confirm")
    _se(unit, "bank_purchase", "2", "0", "1", "2", "confirm")
    _se(unit, "bank_purchase", "3", "0", "3", "confirm")
    _se(unit, "interest", "3", "0", "1", "confirm")


def _se_market(unit) -> None:
    _se_opening(unit)
    _se(unit, "0", "4")  # jump to company 04's screen (01-05)


def _se_introduction(unit) -> None:
    _se(unit, "bank_purchase", "2", "1", "3", "1", "5", "0")  # car bids 150 for 13
    # The bid flashes (it can still change); a digit typed shows for a phase (400 ms) at once.
    unit.advance(0.1)


def _se_bank_purchase(unit) -> None:
    _se_opening(unit)
    _se(unit, "bank_purchase", "4", "0", "3", "2")  # shoe: two shares of 03


def _se_sell(unit) -> None:
    _se_opening(unit)
    _se(unit, "sell", "2", "0", "1", "1")


def _se_buy_players(unit) -> None:
    _se_opening(unit)
    _se(unit, "buy_players", "2", "1", "0", "1", "2")  # car from hat: the monopoly breaks


def _se_interest(unit) -> None:
    _se_opening(unit)
    _se(unit, "interest", "4", "0", "2")


def _se_start(unit) -> None:
    _se_opening(unit)
    _se(unit, "start", "1")


def _se_offices(unit) -> None:
    _se_opening(unit)
    _se(unit, "offices", "0", "2", "2", "2")


def _se_total(unit) -> None:
    _se_opening(unit)
    _se(unit, "total")


def _se_review(unit) -> None:
    _se_opening(unit)
    _se(unit, "review")


def _se_remove(unit) -> None:
    _se_opening(unit)
    unit.hold("remove_player", 2.5)
    _se(unit, "2")


def _se_new_game(unit) -> None:
    _se_opening(unit)
    unit.hold("new_game", 2.5)


# ---- history pages (issue 19) ----


def _history_game(unit) -> None:
    """Card 2: GO, pays the bank 500K, pays card 3 1M (taken back with C), pays card 3 750K;
    then, alone in GREEN, M held: its history, the newest page."""
    unit.insert(card=2, slot="green")
    unit.advance(1.2)
    unit.press("go")
    unit.remove(slot="green")
    unit.insert(card=2, slot="red")
    unit.advance(1.2)
    unit.type("500K")
    unit.insert(card=3, slot="green")
    unit.type("1M")
    unit.press("C")  # right after it, both cards still in: taken back
    unit.type("750K")
    unit.remove(slot="red")
    unit.remove(slot="green")
    unit.insert(card=2, slot="green")
    unit.advance(1.2)
    unit.hold("M", 2.5)


def _history_undone(unit) -> None:
    _history_game(unit)
    unit.press("M")  # older: the undo
    unit.press("M")  # older: the transfer it took back


def _classic_history(unit) -> None:
    _classic_lift(unit)
    unit.press("go")  # the mortgage is lifted: $83 to the bank
    unit.hold("bankrupt", 2.5)  # M's place, held with the card in: its history


def _revolution_history(unit) -> None:
    unit.insert(card=4, slot="green")
    unit.advance(1.2)
    unit.press("go")
    unit.hold("M", 2.5)


def _se_review_earlier(unit) -> None:
    _se_opening(unit)
    _se(unit, "review", "review", "review")  # two back from dog's interest: car's purchase


# ---- the Banker (a deed: its square typed, then DEED; or its tag laid on a reader) ----


def _banker_act(unit, square: int, key: str) -> None:
    unit.type(str(square))
    unit.press("deed")
    unit.press(key)


def _banker_offer(unit) -> None:
    unit.insert(card=1, slot="red")
    unit.advance(1.2)
    _banker_act(unit, 39, "buy")  # shown first: GO carries it out


def _banker_estate(unit) -> None:
    """Card 1 owns the dark blues, a house on Boardwalk."""
    _banker_offer(unit)
    unit.press("go")
    _banker_act(unit, 37, "buy")
    unit.press("go")
    _banker_act(unit, 39, "build")
    unit.press("go")
    unit.remove(slot="red")


def _banker_deed(unit) -> None:
    _banker_estate(unit)
    unit.insert(deed=39, slot="green")  # a deed alone on a reader
    unit.advance(1.2)


def _banker_rent(unit) -> None:
    _banker_deed(unit)
    unit.insert(card=2, slot="red")
    unit.advance(1.2)
    unit.press("rent")


def _banker_history(unit) -> None:
    _banker_estate(unit)
    unit.insert(card=1, slot="green")
    unit.advance(1.2)
    unit.hold("bankrupt", 2.5)  # one card in: its history, newest first


# (name, what the screen shows, steps, expected screen_text()); names are the PNG file names.
SCENARIOS = (
    ("idle", "no card in either slot", _idle, ["MONOPOLY BANK", "----", "INSERT A CARD"]),
    ("card_number", "card 2 just laid in GREEN", _card_number, ["CARD 2 RECEIVES", "CARD 2"]),
    ("balance_green", "card 2's balance in GREEN", _balance, ["CARD 2 RECEIVES", "15M"]),
    ("typing", "an amount being typed", _typing, ["CARD 2 RECEIVES", "1.5", "BALANCE 15M"]),
    ("credit", "after a 1.5M credit", _credit, ["CARD 2 RECEIVES", "16.5M", "+1.5M"]),
    (
        "transfer",
        "250K from card 3 (RED) to card 2 (GREEN)",
        _transfer,
        ["CARD 3 > CARD 2", "14.75M", "CARD 2: 15.25M"],
    ),
    ("error_max", "25M refused: MAX 20M", _error, ["CARD 2 RECEIVES", "25", "MAX 20M"]),
    ("sound_off", "sound just turned off", _sound_off, ["MONOPOLY BANK", "----", "SOUND OFF"]),
    ("standby", "display off after a minute", _standby, []),
    (
        "revolution_zone_choice",
        "Revolution: the zone symbols turning, the car zone showing",
        _zone_choice,
        ["TRANSPORT ZONE", "CAR", "ZONE=DRAW  C=NO"],
    ),
    (
        "revolution_chance",
        "Revolution: a Chance card drawn in the pedestrian zone",
        _chance_card,
        ["CHANCE CARD 3", "AIR SHOP MAKES A PROF", "BANK PAYS CARD 3 500K"],
    ),
    (
        "revolution_auction",
        "Revolution: the auction timer, 18 s left",
        _auction,
        ["AUCTION", "18", "DEAL = STOP"],
    ),
    (
        "classic_lift",
        "Classic: lifting a $75 mortgage costs $83",
        _classic_lift,
        ["LIFT $75 +10%", "$83", "GO = YES   C = NO"],
    ),
    (
        "classic_bankrupt",
        "Classic: card 4 bankrupt to card 1, asked first",
        _classic_bankrupt,
        ["BANKRUPT 4>1", "$1500", "GO = YES   C = NO"],
    ),
    (
        "totals_winner",
        "Electronic Banking TOTALS: the winner",
        _totals_winner,
        ["WINNER", "CARD 1", "TOTAL 17.5M"],
    ),
    (
        "stock_exchange_market",
        "Stock Exchange: market screen 01-05, 04 typed; brown a monopoly with offices",
        _se_market,
        ["01-05", "H", "C", "D", "S", "I", "B", "01", "2", "5", "2", "31", "+", "02", "4", "5"]
        + ["26", "+", "03", "4", "5", "21", "04", "9", "--", "05", "9", "--"],
    ),
    (
        "stock_exchange_introduction",
        "Stock Exchange: BANK PURCHASE of an unlisted company, car bids 150 for 13",
        _se_introduction,
        ["INTRODUCTION", "TOKEN", "CAR", "CODE", "13", "-150", "PRICE", "150"]
        + ["LIST PRICE 220"],
    ),
    (
        "stock_exchange_bank_purchase",
        "Stock Exchange: shoe buys two shares of 03 from the bank",
        _se_bank_purchase,
        ["BANK PURCHASE", "TOKEN", "SHOE", "CODE", "03", "-52", "SHARES", "2"],
    ),
    (
        "stock_exchange_sell",
        "Stock Exchange: car sells one share of 01",
        _se_sell,
        ["SELL", "TOKEN", "CAR", "CODE", "01", "+31", "SHARES", "1"],
    ),
    (
        "stock_exchange_buy_players",
        "Stock Exchange: car buys two shares of 01 from hat, breaking hat's monopoly",
        _se_buy_players,
        ["BUY PLAYERS", "BUYER", "CAR", "SELLER", "HAT", "CODE", "01", "SHARES", "2"]
        + ["REFUND TO HAT 50"],
    ),
    (
        "stock_exchange_interest",
        "Stock Exchange: shoe pays interest on 02",
        _se_interest,
        ["INTEREST", "TOKEN", "SHOE", "CODE", "02", "-39"],
    ),
    (
        "stock_exchange_start",
        "Stock Exchange: hat passes START, 200 plus the interest earned",
        _se_start,
        ["START", "TOKEN", "HAT", "+233"],
    ),
    (
        "stock_exchange_offices",
        "Stock Exchange: a second office on each brown company",
        _se_offices,
        ["OFFICES", "01", "2", "02", "2", "-100"],
    ),
    (
        "stock_exchange_total",
        "Stock Exchange: TOTAL of the three tokens in play",
        _se_total,
        ["TOTAL", "HAT", "385", "CAR", "62", "DOG", "105"],
    ),
    (
        "stock_exchange_review",
        "Stock Exchange: REVIEW of the last transaction (dog's interest)",
        _se_review,
        ["INTEREST", "TOKEN", "DOG", "CODE", "01", "-46", "REVIEW"],
    ),
    (
        "stock_exchange_review_earlier",
        "Stock Exchange: REVIEW pressed twice more: two transactions before the last",
        _se_review_earlier,
        [
            "BANK PURCHASE",
            "TOKEN",
            "CAR",
            "CODE",
            "01",
            "-62",
            "SHARES",
            "2",
            "2 BEFORE LAST",
            "REVIEW",
        ],
    ),
    (
        "history_newest",
        "card 2's history, newest first: the 750K it paid card 3",
        _history_game,
        ["CARD 2  #4", "-750K", "CARD 3  BAL 15.75M"],
    ),
    (
        "history_undone",
        "card 2's history, two pages older: the 1M transfer taken back",
        _history_undone,
        ["CARD 2  #3", "-1M", "CARD 3: UNDONE"],
    ),
    (
        "classic_history",
        "Classic: card 2's history after lifting a mortgage",
        _classic_history,
        ["CARD 2  #1", "-$83", "MORTGAGE  BAL $1417"],
    ),
    (
        "revolution_history",
        "Revolution: card 4's history after a GO",
        _revolution_history,
        ["CARD 4  #1", "+2M", "GO  BAL 17M"],
    ),
    (
        "banker_offer",
        "Banker: card 1 buying Boardwalk, shown before GO",
        _banker_offer,
        ["BUY: CARD 1", "$400", "BOARDWALK"],
    ),
    (
        "banker_deed",
        "Banker: Boardwalk alone on a reader, card 1's with a house",
        _banker_deed,
        ["DEED 39", "BOARDWALK", "OWNER: CARD 1", "1 HOUSE  RENT $200", "MORTGAGE $200"],
    ),
    (
        "banker_rent",
        "Banker: card 2 about to pay Boardwalk's rent to card 1",
        _banker_rent,
        ["RENT TO CARD 1", "$200", "BOARDWALK"],
    ),
    (
        "banker_history",
        "Banker: card 1's history, newest first: the house it built on Boardwalk",
        _banker_history,
        ["CARD 1  #3", "-$200", "BUILD 39  BAL $550"],
    ),
    (
        "stock_exchange_remove",
        "Stock Exchange: REMOVE A PLAYER held, car typed: the question",
        _se_remove,
        ["REMOVE", "CAR?", "CONFIRM / CANCEL"],
    ),
    (
        "stock_exchange_new_game",
        "Stock Exchange: NEW GAME held: the question",
        _se_new_game,
        ["NEW GAME?", "CONFIRM / CANCEL"],
    ),
)

# Scenarios of another edition than EDITION.
SCENARIO_EDITIONS = {
    "classic_lift": "classic",
    "classic_bankrupt": "classic",
    "revolution_zone_choice": "revolution",
    "revolution_chance": "revolution",
    "revolution_auction": "revolution",
    "classic_history": "classic",
    "revolution_history": "revolution",
}
SCENARIO_EDITIONS.update({name: "banker" for name, *_ in SCENARIOS if name.startswith("banker_")})
SCENARIO_EDITIONS.update(
    {name: "stock_exchange" for name, *_ in SCENARIOS if name.startswith("stock_exchange_")}
)

# The same situations on a French unit (the "lang" setting: issue 34), named "fr_" + the
# scenario's name: (scenario, expected screen_text() in French). Every edition has some.
FRENCH = (
    ("idle", ["BANQUE MONOPOLY", "----", "INSÉREZ UNE CARTE"]),
    ("balance_green", ["CARTE 2 REÇOIT", "15M"]),
    ("typing", ["CARTE 2 REÇOIT", "1,5", "SOLDE 15M"]),
    ("transfer", ["CARTE 3 > 2", "14,75M", "CARTE 2: 15,25M"]),
    ("error_max", ["CARTE 2 REÇOIT", "25", "MAXIMUM 20M"]),
    ("totals_winner", ["GAGNANT", "CARTE 1", "TOTAL 17,5M"]),
    ("history_newest", ["CARTE 2  #4", "-750K", "CARTE 3 SOLDE 15,75M"]),
    ("classic_lift", ["LEVÉE €75 +10%", "€83", "GO = OUI   C = NON"]),
    ("classic_bankrupt", ["FAILLITE 4>1", "€1500", "GO = OUI   C = NON"]),
    ("classic_history", ["CARTE 2  #1", "-€83", "HYPOTH. SOLDE €1417"]),
    ("revolution_zone_choice", ["ZONE TRANSPORT", "AUTO", "ZONE=TIRER  C=NON"]),
    ("revolution_chance", ["CHANCE POUR 3", " DE VÉLOS FAIT DES BÉ", "CARTE 3 REÇOIT 500K"]),
    ("revolution_auction", ["ENCHÈRE", "18", "DEAL = ARRÊT"]),
    ("revolution_history", ["CARTE 4  #1", "+2M", "DÉPART SOLDE 17M"]),
    (
        "stock_exchange_market",
        [
            "01-05",
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "01",
            "2",
            "5",
            "2",
            "31",
            "+",
            "02",
            "4",
            "5",
            "26",
            "+",
            "03",
            "4",
            "5",
            "21",
            "04",
            "9",
            "--",
            "05",
            "9",
            "--",
        ],
    ),
    (
        "stock_exchange_bank_purchase",
        ["ACHAT BANQUE", "PION", "CHS.", "CODE", "03", "-52", "ACTION", "2"],
    ),
    (
        "stock_exchange_buy_players",
        [
            "ACHAT JOUEURS",
            "ACHET.",
            "AUTO",
            "VEND.",
            "CHA.",
            "CODE",
            "01",
            "ACTION",
            "2",
            "REMB. CHAPEAU 50",
        ],
    ),
    ("stock_exchange_total", ["TOTAL", "CHA.", "385", "AUTO", "62", "CHI.", "105"]),
    ("stock_exchange_review", ["INTÉRÊTS", "PION", "CHI.", "CODE", "01", "-46", "REVISUALISER"]),
    ("stock_exchange_remove", ["RETIRER L'AUTO ?", "CONFIRMER / ANNULER"]),
    ("banker_offer", ["ACHAT: CARTE 1", "€400", "BOARDWALK"]),
    (
        "banker_deed",
        ["TITRE 39", "BOARDWALK", "DÉTENU PAR CARTE 1", "1 MAISON  LOYER €200", "HYPOTHÈQUE €200"],
    ),
    ("banker_rent", ["LOYER À CARTE 1", "€200", "BOARDWALK"]),
    ("banker_history", ["CARTE 1  #3", "-€200", "CONST. 39 SOLDE €550"]),
)
_FRENCH = dict(FRENCH)

NAMES = tuple(scenario[0] for scenario in SCENARIOS) + tuple("fr_" + name for name, _ in FRENCH)


class ScenarioError(AssertionError):
    """A scenario did not reach the screen it is named after."""


def golden_path(name: str) -> pathlib.Path:
    return GOLDEN_DIR / (name + ".png")


def shoot(name: str, path) -> None:
    """Play scenario `name` on a fresh unit and save its screen, scale 1, to `path`."""
    from host_sim import VirtualUnit

    played = name[3:] if name.startswith("fr_") and name[3:] in _FRENCH else name
    found = [scenario for scenario in SCENARIOS if scenario[0] == played]
    if not found:
        raise KeyError("no golden scenario %r; have: %s" % (name, " ".join(NAMES)))
    _name, _shows, steps, expected = found[0]
    settings = None
    if played != name:
        settings = {"lang": "fr"}
        expected = _FRENCH[played]
    edition = SCENARIO_EDITIONS.get(played, EDITION)
    with VirtualUnit(edition=edition, settings=settings) as unit:
        steps(unit)
        shown = unit.screen_text()
        if shown != expected:
            raise ScenarioError("scenario %s ends on %r, expected %r" % (name, shown, expected))
        unit.screenshot(str(path), scale=1)


def pixels(path) -> tuple:
    """(width, height, RGB pixel list) of a PNG."""
    from PIL import Image

    with Image.open(path) as image:
        rgb = image.convert("RGB")
        data = rgb.tobytes()
    return rgb.width, rgb.height, [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]


def differing_pixels(path_a, path_b) -> int:
    """How many pixels differ between two PNGs; every pixel counts when the sizes differ."""
    width_a, height_a, data_a = pixels(path_a)
    width_b, height_b, data_b = pixels(path_b)
    if (width_a, height_a) != (width_b, height_b):
        return max(len(data_a), len(data_b))
    return sum(1 for a, b in zip(data_a, data_b, strict=True) if a != b)


def save_diff(path_expected, path_actual, path_out, scale: int = 4) -> None:
    """A picture of the mismatch: unchanged pixels dimmed, differing ones red, scaled up."""
    from PIL import Image

    width, height, expected = pixels(path_expected)
    width_b, height_b, actual = pixels(path_actual)
    if (width, height) != (width_b, height_b):
        return
    out = []
    for a, b in zip(expected, actual, strict=True):
        out.append((255, 40, 40) if a != b else (a[0] // 3, a[1] // 3, a[2] // 3))
    image = Image.new("RGB", (width, height))
    image.putdata(out)
    image.resize((width * scale, height * scale), Image.NEAREST).save(str(path_out))
