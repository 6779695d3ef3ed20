# The page's MicroPython side: powers the unchanged firmware up on boards/web.py's parts and
# hands the page plain calls (keys, cards, the panel's pixels, the screen's text). Plays the
# role of firmware/main.py, whose asyncio.run() the WebAssembly port has not: there the event
# loop is the browser's, so the unit's tasks are started with asyncio.create_task and the
# page's JavaScript keeps running between their steps. The Banker's deeds: tags laid on the
# readers (deed_tag), the board's facts (deed_board) and the estate in state(). The game's
# export (export_game: host_sim.history's, as `python -m host_sim export` makes it) and a unit's
# data loaded in place of the page's flash (inspect_data, then install_data).
import asyncio
import json
import sys
from binascii import hexlify, unhexlify

from app.build import build_unit
from app.editions import DEFAULT, EDITIONS, about, uses_cards
from app.first_light import first_light
from app.unrunnable import check
from boards.web import WebBoard, WebFS
from peripherals.deed_tags import deed_tags, enroll_deed_tags
from peripherals.mfrc522_chip import VirtualCard
from peripherals.wiring import card_id
from store.store import Store

MATRIX = "5x5"  # the all-editions keypad: the settings menu can switch to any edition
PLAYER_CARDS = 6  # cards 1..6 come enrolled on a fresh flash, like the original's
BANKER = "banker"  # the edition that holds deeds (its tags are laid with deed_tag)
# The board's short names: the deed's printed name with these words shortened.
SHORT_WORDS = (("AVENUE", "AVE."), ("RAILROAD", "R.R."), ("COMPANY", "CO."), ("NORTH ", "N. "))
IMPORT = "/import"  # where the page lays the files of a unit's data folder it loads
# The files a unit keeps in data/ (store.generations' snap. and log., store.store's mark.,
# store.settings_file's set., each numbered, .tmp while written; app.restart's marker): a
# loaded folder's other files are left out, and one with none of these is refused.
UNIT_FILE_PREFIXES = ("snap.", "log.", "mark.", "set.")
RESTART_MARKER = "restart.mem"

unit = None
board = None
fs = None
cues = []
on_reset = None  # the page's power cycle, called by machine.reset() (page.js: js.webReset)


class PageMachine:
    """The `machine` module the WebAssembly port has not, with the one call the firmware makes
    of it there: reset() (app.restart, when memory ran out twice). As on the chip it does not
    return: the page is told to power-cycle (on_reset), and SystemExit ends the unit's tasks;
    the next power-up replays the journal and says MEMORY FULL: REBOOTED."""

    def reset(self) -> None:
        if on_reset is not None:
            on_reset()
        raise SystemExit("machine.reset")


def _supply_machine() -> None:
    """A `machine` for app.restart where the port has none (a real one is left alone)."""
    try:
        import machine  # noqa: F401
    except ImportError:
        sys.modules["machine"] = PageMachine()


def editions() -> str:
    """The editions the page offers, as JSON: [name, what the page calls it] (each edition's
    hints), the default first."""
    names = (DEFAULT,) + tuple(name for name in EDITIONS if name != DEFAULT)
    return json.dumps([[name, about(name, "hints").NAME] for name in names])


def ok_key(edition: str) -> str:
    """The settings menu's ok key on `edition`'s keypad (the one held at power-up to open it)."""
    return about(edition).MENU_KEYS[0]


def boot(storage, edition: str = DEFAULT, hold_ok: bool = False, summary=True):
    """Power the unit up on the flash in `storage` (localStorage, or a stand-in with its
    calls). edition: the one deployed, used while no settings file names another. hold_ok:
    the menu's ok key is held through power-up (the settings menu asks SETTINGS?). Returns
    an error sentence, or "" once the unit's tasks are started."""
    global unit, board, fs
    _supply_machine()
    matrix, problem = check(edition, MATRIX)
    if problem is not None:
        return problem[1]
    fs = WebFS(storage)
    fresh = fs.load() == 0
    board = WebBoard(matrix, edition)
    if fresh and uses_cards(edition):
        enrolled = [("card", card_id(n), n) for n in range(1, PLAYER_CARDS + 1)]
        if edition == BANKER:  # its 28 deed tags come enrolled too, as in the simulator
            from editions.banker.deeds import SQUARES

            enrolled += deed_tags(SQUARES)
        Store(fs).append(enrolled)
    ok = ok_key(edition)
    held = [key for row in board.keymap(edition) for key in row if key == ok]
    for key in held if hold_ok else ():
        board.parts.keypad.press(key)
    display = first_light(board)
    board.lang_fs = _tables()  # the language tables (ui.lang.load)
    unit = build_unit(board, edition, fs=fs, summary=summary, menu=True, display=display)
    unit.screen_log = []  # the strings drawn, for the aria-live mirror and the tests
    unit.on_cue = cues.append
    asyncio.create_task(_run(unit))
    if hold_ok:
        asyncio.create_task(_let_go(held))
    return ""


def _tables():
    """The language tables tools/web_build.py lays in /fw/lang (lang/<code>.tbl), read only."""

    class Tables:
        def open(self, name: str, mode: str):
            return open("/fw/lang/" + name, mode)

    return Tables()


async def _let_go(held: list) -> None:
    """The ok key held through power-up is let go once the settings menu it opens is up (2 s
    at most) and has scanned the keypad a while, as a finger leaves it (VirtualUnit's
    power_cycle lets go after the boot, too). Let go at once, before the unit's tasks ran,
    its release was never the menu's: the menu, which ignores the gesture's key until it
    comes up, took the first GO pressed for it (SETTINGS? stayed)."""
    for _ in range(40):
        if unit is not None and unit.overlay is not None:
            break
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.1)
    for key in held:
        board.parts.keypad.release(key)


async def _run(running) -> None:
    try:
        await running.run()
    except Exception as error:  # noqa: BLE001 - shown on the page's console, as over USB
        sys.print_exception(error)  # type: ignore[attr-defined]
        raise


def _sync_keymap() -> None:
    """The matrix switches carry the legends of the edition the unit runs (a menu may change
    it), as the 5x5 keypad's printed legend is swapped with the edition."""
    keypad = board.parts.keypad
    wanted = board.keymap(unit.edition.name)
    if keypad.keymap is not wanted:
        keypad.keymap = wanted


def keymap() -> str:
    """The keypad's rows of logical key names (null: no switch), as JSON."""
    return json.dumps([list(row) for row in board.keymap(unit.edition.name)])


def key(name: str, down: bool) -> None:
    """A finger on a key (down) or off it: the firmware's scan sees the switch."""
    _sync_keymap()
    if down:
        board.parts.keypad.press(name)
    else:
        board.parts.keypad.release(name)


def card(slot: int, number: int) -> None:
    """Lay card `number` on slot 0 (GREEN) or 1 (RED); number 0 takes the slot's card away.
    Card `number` carries the UID the unit enrolled for that number when it is not the page's
    own card (a unit's data loaded: its real cards' UIDs), else the page's card's."""
    if not number:
        board.parts.remove(slot)
        return
    registry = getattr(unit.edition, "registry", None)  # a card edition's (rules.cards)
    numbers = registry.numbers if registry is not None else {}
    if numbers.get(card_id(number)) != number:
        for known, which in numbers.items():
            if which == number:
                board.parts.reader(slot).put_card(VirtualCard(unhexlify(known)))
                return
    board.parts.insert(slot, number)


def _slot(slot) -> int:
    if slot not in (0, 1):
        raise ValueError("slot must be 0 (GREEN) or 1 (RED), not %r" % (slot,))
    return slot


def _estate():
    """The running Banker's estate (editions.banker.estate.Estate), or None on another edition
    (the settings menu may switch it)."""
    return getattr(getattr(unit.edition, "part", None), "estate", None)


def deed_tag(slot: int, square: int) -> None:
    """Lay the Banker's tag of the deed on board square `square` on slot 0 (GREEN) or 1 (RED);
    square 0 lifts what lies there. Bad input raises ValueError with a sentence the page shows:
    another edition, a square that is no deed."""
    _slot(slot)
    if not square:
        board.parts.remove(slot)
        return
    if _estate() is None:
        raise ValueError(
            "the %s unit holds no deeds: deed tags are the Banker's" % unit.edition.name
        )
    from editions.banker.deeds import SQUARES, is_deed

    enroll_deed_tags(unit, SQUARES)  # a unit the settings menu switched to the Banker

    if type(square) is not int or not is_deed(square):
        raise ValueError(
            "no deed on square %r; deeds: %s" % (square, ", ".join(map(str, SQUARES)))
        )
    board.parts.insert(slot, square, deed=True)


def short_name(name: str) -> str:
    """A deed's name for the board: "NORTH CAROLINA AVENUE" -> "N. CAROLINA AVE."."""
    for word, short in SHORT_WORDS:
        name = name.replace(word, short)
    return name


def deed_board() -> str:
    """The Banker's deeds as the board lays them out, as JSON: [square, name, short name,
    colour group 0..9 (brown ... dark blue, railroads, utilities)] in board order, then the
    groups' names: {"deeds": [...], "groups": [...]}."""
    from editions.banker.deeds import SQUARES, group, name
    from editions.banker.hints import GROUP_NAMES

    deeds = [[sq, name(sq), short_name(name(sq)), group(sq)] for sq in SQUARES]
    return json.dumps({"deeds": deeds, "groups": list(GROUP_NAMES)})


def _estate_state(estate) -> tuple:
    """({square: {owner, buildings 0..5 (5 a hotel), mortgaged}}, {houses, hotels}), keyed
    and shaped as host_sim's VirtualUnit.deeds() and bank_supply()."""
    from editions.banker.deeds import SQUARES

    deeds = {
        str(sq): {
            "owner": estate.owner(sq),
            "buildings": estate.buildings_on(sq),
            "mortgaged": estate.is_mortgaged(sq),
        }
        for sq in SQUARES
    }
    houses, hotels = estate.supply()
    return deeds, {"houses": houses, "hotels": hotels}


def version() -> str:
    """Changes whenever the glass may have changed (the page redraws only then)."""
    panel = board.parts.panel
    return "%d %d %d %d" % (panel.ram_writes, panel.display_on, panel.inverse, panel.entire_on)


def frame() -> str:
    """The glass as 1024 bytes in hex: byte page * 128 + x, bit y & 7 (the SSD1306's own GDDRAM
    layout, taken through the panel's row mapping); "" while it is dark."""
    panel = board.parts.panel
    if not (panel.display_on and panel.charge_pump):
        return ""
    if _plain_rows(panel):
        return hexlify(panel.ram).decode()
    glass = bytearray(1024)
    for y in range(64):
        for x in range(128):
            if panel.pixel(x, y):
                glass[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return hexlify(glass).decode()


def _plain_rows(panel) -> bool:
    return (
        not panel.inverse
        and not panel.entire_on
        and panel.multiplex == 64
        and panel.offset == 0
        and panel.start_line == 0
        and panel.com_pins == 0x12
    )


def screen() -> list:
    """Every string on the glass, top to bottom, left to right; [] while it is dark."""
    if not board.parts.panel.display_on or not unit.display_ok:
        return []
    entries = [e for e in unit.screen_log if not e[2].startswith("icon:")]
    return [text for _, _, text in sorted(entries, key=lambda e: (e[1], e[0]))]


def standings() -> dict:
    """Balances by card number, or the Stock Exchange's totals by token."""
    edition = unit.edition
    ledger = getattr(edition, "ledger", None)
    if ledger is not None:
        return {str(n): ledger.balance(n) for n in range(1, ledger.card_count + 1)}
    market = edition.market
    values = market.totals()
    tokens = about(edition.name, "hints").TOKENS  # by keys 1..6
    return {tokens[t].lower(): values[t] for t in range(len(tokens)) if market.in_play[t]}


def spoken(shown: list) -> str:
    """What the screen means, for the page's aria-live region: the Stock Exchange's worded from
    its view (web/spoken.py; its market's turning sides and blinking fields are no news), any
    other screen (a card edition's, the settings menu) its strings, `shown`, joined; in the
    screen's language (its table, unit.screen.lang: the glass's strings are in it already)."""
    edition = unit.edition
    if edition.name != "stock_exchange" or unit.active is not edition or not shown:
        return " · ".join(shown)
    from spoken import spoken as words

    notice = unit.alert() or unit.notice() or ""
    return words(edition, edition.view(), notice, unit.screen.lang)


def menu_keys() -> str:
    """The running edition's settings-menu keys as JSON: [ok, back, ...] (GO and C, or CONFIRM
    and CANCEL): the page's Enter and Backspace press the first two."""
    return json.dumps(list(about(unit.edition.name).MENU_KEYS))


def language() -> str:
    """The language the screen speaks: "en", or its table's code (the keys are named in it)."""
    table = unit.screen.lang  # (None: English, or a table that could not be read)
    return "en" if table is None else table.code


def state() -> str:
    """What the page shows besides the glass, as JSON: the screen's text and what it means
    (spoken), the edition, its language (the keys are named in it), whether it plays with
    cards, the standings and the cues played since the last call; the Banker's also its deeds
    and the bank's supply of buildings (_estate_state)."""
    played = cues[:]
    del cues[:]
    text = screen()
    shown = {
        "screen": text,
        "spoken": spoken(text),
        "edition": unit.edition.name,
        "lang": language(),
        "cards": unit.uses_cards,
        "standings": standings(),
        "cues": played,
    }
    estate = _estate()
    if estate is not None:
        from editions.banker.deeds import SQUARES

        enroll_deed_tags(unit, SQUARES)  # (as in deed_tag)
        shown["deeds"], shown["supply"] = _estate_state(estate)
    return json.dumps(shown)


# ---- the game off the page and a unit's data onto it ---------------------------------------


class _Nowhere:
    """A storage that keeps nothing: the flash of a unit cut off from the page's localStorage
    (detach), or under the files of a loaded folder (read only)."""

    length = 0

    def key(self, _index):
        return None

    def getItem(self, _key):  # noqa: N802 - localStorage's names
        return None

    def setItem(self, _key, _value) -> None:  # noqa: N802
        pass

    def removeItem(self, _key) -> None:  # noqa: N802
        pass


def export_game() -> str:
    """The game on the page's flash as `python -m host_sim export FOLDER --edition EDITION`
    makes it (host_sim.history.game), as JSON: {"edition", "transactions", "columns", "cells"
    (each row's CSV cells), "chart" (the chart's description), "from" (when the unit's
    oldest generations were removed)}, or {"error": why}."""
    from host_sim.history import ExportError, csv_cells, game

    try:
        made = game(fs, unit.edition.name, _tables())
    except (ExportError, ValueError, OSError) as error:
        return json.dumps({"error": "the game cannot be read back: %s" % error})
    rows = made.pop("rows")
    made["transactions"] = len(rows)
    made["cells"] = csv_cells(rows, made["columns"])
    return json.dumps(made)


def amount_text(value: int) -> str:
    """An amount as the unit writes it in K and M (rules.money; the chart's axis)."""
    from rules.money import format_amount

    return format_amount(int(value))


def unit_file(name: str) -> bool:
    """Whether a file of that name is one the unit keeps in data/."""
    if name == RESTART_MARKER:
        return True
    for prefix in UNIT_FILE_PREFIXES:
        if name.startswith(prefix):
            number = name[len(prefix) :]
            number = number[: -len(".tmp")] if number.endswith(".tmp") else number
            return number.isdigit()
    return False


def inspect_data(folder: str = IMPORT) -> str:
    """What the files the page laid in `folder` hold (a unit's data/ folder, `make pull`), as
    JSON: {"edition", "name" (the edition's name on the page), "transactions", "files" (the
    unit's), "ignored" (the other files)}, or {"error": a sentence saying what is wrong}."""
    from host_sim.history import ExportError, game

    data = WebFS(_Nowhere(), folder)
    try:
        names = sorted(data.listdir())
    except OSError:
        names = []
    files = [name for name in names if unit_file(name)]
    ignored = [name for name in names if not unit_file(name)]
    if not files:
        found = (": it has " + ", ".join(ignored[:5])) if ignored else ": it is empty"
        return json.dumps(
            {
                "error": "no unit's files (snap.N, log.N) in the folder%s. Choose the data "
                "folder make pull copied off the unit (build/pull/data)" % found
            }
        )
    try:
        if next(iter(Store(data).replay()), None) is None:
            return json.dumps(
                {"error": "the unit's files hold nothing readable: " + ", ".join(files)}
            )
        made = game(data, None, _tables())
    except (ExportError, ValueError, OSError) as error:
        return json.dumps({"error": "the unit's files cannot be read back: %s" % error})
    name = made["edition"]
    return json.dumps(
        {
            "edition": name,
            "name": about(name, "hints").NAME,
            "transactions": len(made["rows"]),
            "files": files,
            "ignored": ignored,
        }
    )


def detach() -> None:
    """Cut the running unit off the page's localStorage: what it writes from now on goes
    nowhere (the flash is about to be replaced: another edition, or a unit's data)."""
    if fs is not None:
        fs.storage = _Nowhere()


def install_data(storage, folder: str = IMPORT) -> int:
    """Write the unit's files laid in `folder` (inspect_data's) to `storage` (localStorage,
    its flash keys erased first by the page) as boards/web.py stores them; how many."""
    detach()
    data = WebFS(storage, folder)
    count = 0
    for name in data.listdir():
        if unit_file(name):
            data.persist(name)
            count += 1
    return count
