"""The terminal UI's keys for every edition: the key table, legend, compact lines and help.

Which terminal key taps which unit key (KeyTable), the full layout's key legend, the compact
layout's key lines (packed by tui_compact.pack_hints) and the help screen. A unit whose screen
speaks another language (VirtualUnit.language) has its keys named as that language's keypad
legends name them (host_sim/key_names.py), and the terminal's own words are in that language
(host_sim/tui_words.py; the edition's help lines: its hints.py TUI_WORDS)."""

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from app.editions import about
from host_sim.history import CHART_WORDS, word
from host_sim.key_names import ENGLISH, LANGUAGE_NAMES, key_name
from host_sim.tui_compact import COMPACT_SIZE, pack_hints
from host_sim.tui_deeds import BUILDING_AUCTION_TITLE, building_auction_help
from host_sim.tui_words import TUI_WORDS
from host_sim.virtual_unit import KEY_NAMES, PLAYER_CARDS

HOLD_S = 2.5  # a long press: the new-game gesture needs 2 s

# The unit's keys, for every edition: public key name (VirtualUnit.keys: KEY_NAMES, derived from
# firmware/rules/keys.py; tests/host/test_key_names.py checks this table) -> terminal key,
# label. The legend, the help screen and the key handling are all built from this table; a
# later edition adds its rows here. A key missing from the table still gets a free letter.
UNIT_KEYS = (
    ("0", "0", "digit"),
    ("1", "1", "digit"),
    ("2", "2", "digit"),
    ("3", "3", "digit"),
    ("4", "4", "digit"),
    ("5", "5", "digit"),
    ("6", "6", "digit"),
    ("7", "7", "digit"),
    ("8", "8", "digit"),
    ("9", "9", "digit"),
    (".", ".", "point"),
    ("K", "k", "K (thousand)"),
    ("M", "m", "M (million)"),
    ("C", "c", "C (clear)"),
    ("go", "g", "GO (the arrow: passing GO)"),
    ("zone", "z", "ZONE (Transport Zone)"),
    ("deal", "d", "DEAL (auction timer)"),
    ("mortgage", "o", "MORTGAGE (lift one: value + 10%)"),
    ("bankrupt", "b", "BANKRUPT (RED's whole balance)"),
    ("fine", "f", "FINE (prison; no card: sound)"),
    # The Banker (a deed: its square number, then DEED; SELL with two cards in: a trade)
    ("deed", "d", "DEED (the square typed)"),
    ("buy", "y", "BUY (the deed's price)"),
    ("auction", "a", "AUCTION (the deed)"),
    ("rent", "r", "RENT (dice first: utility)"),
    ("build", "u", "BUILD (a house, a hotel)"),
    # Stock Exchange (no C, K, M or GO there, so c and g are free for it)
    ("bank_purchase", "b", "BANK PURCHASE"),
    ("sell", "l", "SELL"),
    ("buy_players", "p", "BUY PLAYERS"),
    ("interest", "i", "INTEREST"),
    ("offices", "o", "OFFICES"),
    ("start", "g", "START"),
    ("review", "r", "REVIEW"),
    ("total", "t", "TOTAL"),
    ("confirm", "c", "CONFIRM"),
    ("cancel", "x", "CANCEL"),
    ("on_off", "f", "ON/OFF"),
    ("remove_player", "v", "REMOVE A PLAYER"),  # a tap only asks for the hold
    ("new_game", "n", "NEW GAME"),
)
# How every card edition is played, after its own lines (editions/<name>/hints.py TUI_PLAYING).
CARD_PLAYING = (
    "Pay the bank: card in RED. Pay a player: payer in RED, receiver in GREEN.",
    "GO: card alone in GREEN, g. C clears a wrong amount while the card is in.",
    "Virtual time follows real time: after a minute unused the screen goes",
    "dark; any key or card wakes it.",
)
# Terminal keys that hold a unit key for HOLD_S without the "h" prefix (those of the edition's
# unit only): C's new game; the Stock Exchange's REMOVE A PLAYER and NEW GAME.
HOLD_SHORTCUTS = {"C": "C", "R": "remove_player", "N": "new_game"}
# How the legend names a hold that asks more than its key's name says (any other: "hold" and
# the key as its keycap reads, KeyTable.hold_label).
HOLD_LABEL = {"C": "hold C: NEW GAME?"}
# Terminal keys the UI itself uses: never given to a unit key (D: the compact layout's board).
UI_KEYS = frozenset("[]hsqQ?PED" + "".join(HOLD_SHORTCUTS))

# The layout: the OLED (130 x 34 with its border) beside the balances, three status lines and
# the key legend. The legend is laid out for this width; a smaller window is told how large to be.
MIN_WIDTH = 160
LEGEND_WIDTH = MIN_WIDTH - 4  # inside the legend's border and padding
LEGEND_TITLE = 12  # the column of the legend's row titles
HINTS_WIDTH = COMPACT_SIZE[0] - 2  # the compact layout's key lines, inside their padding
HELP_COLUMNS = 92  # the help screen's box (HelpScreen's CSS)
HELP_WIDTH = HELP_COLUMNS - 4  # its lines, inside the border and padding (wider ones wrap)


class KeyTable:
    """Which terminal key taps which unit key, for the keys this edition's unit has; each
    label names its key as the keypad's legend in `lang` does (the terminal keys stay)."""

    def __init__(self, unit_keys, lang: str = ENGLISH) -> None:
        self.lang = lang
        self.words = TUI_WORDS.get(lang)  # the terminal's own words in `lang` (None: English)
        self.entries: list = []  # (public name, terminal key, label), in legend order
        taken = set(UI_KEYS)
        known = {public for public, _, _ in UNIT_KEYS}
        for public, term, label in UNIT_KEYS:
            if public in unit_keys:
                if term in taken:  # two editions' keys share a letter: this unit has both
                    term = self._free_key(public, taken)
                self.entries.append((public, term, self._translated(public, label)))
                taken.add(term)
        for public in unit_keys:
            if public in known:
                continue
            term = self._free_key(public, taken)
            taken.add(term)
            self.entries.append((public, term, public.replace("_", " ")))
        self.by_terminal = {term: public for public, term, _ in self.entries}

    def keycap(self, public: str, english: str) -> str:
        """What the key's cap reads in the table's language (`english` in English)."""
        if self.lang == ENGLISH or public not in KEY_NAMES:
            return english
        return key_name(KEY_NAMES[public], self.lang)

    def said(self, english: str) -> str:
        """One of the terminal's own texts in the table's language (TUI_WORDS), by its English."""
        return word(self.words, english)

    def seconds(self, value: float) -> str:
        """A time in seconds as the unit's screen writes a number: 2.5, in French 2,5."""
        return ("%.1f" % value).replace(".", key_name(".", self.lang))

    def _translated(self, public: str, label: str) -> str:
        """A UNIT_KEYS label with its keycap (the words before " (") and its explanation in the
        table's language: "MORTGAGE (lift one: value + 10%)" -> "HYPOTHÈQUE (levée: valeur +
        10 %)"."""
        if label in ("digit", "point"):
            return label
        cap, paren, rest = label.partition(" (")
        if rest:
            rest = self.said(rest[:-1]) + ")"
        return self.keycap(public, cap) + paren + rest

    def hold_label(self, public: str) -> str:
        """How the legend names a hold of the key: HOLD_LABEL's, else "hold" and its keycap
        ("hold REMOVE A PLAYER", "hold RETIRER UN JOUEUR")."""
        if public in HOLD_LABEL:
            return self.said(HOLD_LABEL[public])
        labels = {name: said for name, _, said in UNIT_KEYS}
        english = labels.get(public, public.replace("_", " ")).partition(" (")[0]
        return self.said("hold %s") % self.keycap(public, english)

    @staticmethod
    def _free_key(public: str, taken: set) -> str:
        for char in public.lower() + "abcdefghijklmnopqrstuvwxyz":
            if char.isalpha() and char not in taken:
                return char
        for char in ",;'/-=`\\":  # every letter taken (a table of every edition's keys)
            if char not in taken:
                return char
        raise ValueError("no terminal key left for unit key %r" % public)

    def unit_key(self, char: str | None) -> str | None:
        return self.by_terminal.get(char) if char else None

    def legend_items(self) -> list:
        """(terminal keys, label, unit keys) in legend order; the digits share one item."""
        digits = [term for _, term, label in self.entries if label == "digit"]
        items = []
        if digits:
            span = "%s-%s" % (digits[0], digits[-1]) if len(digits) > 1 else digits[0]
            items.append((span, self.said("digits"), span))
        items.extend(
            (term, self.said(label) if label == "point" else label, public)
            for public, term, label in self.entries
            if label != "digit"
        )
        return items


def hold_shortcuts(keys: KeyTable) -> dict:
    """The HOLD_SHORTCUTS whose unit key this edition's unit has."""
    present = {public for public, _, _ in keys.entries}
    return {term: public for term, public in HOLD_SHORTCUTS.items() if public in present}


def ok_key(keys: KeyTable) -> str:
    """The settings menu's ok key as its keycap reads: GO, or CONFIRM on the Stock Exchange
    (CONFIRMER on a French one)."""
    if "go" in keys.by_terminal.values():
        return keys.keycap("go", "GO")
    return keys.keycap("confirm", "CONFIRM")


def legends_of(keys: KeyTable) -> str:
    """ ", French legends" after a title when the keys are named in French ("" in English;
    on a French unit, in French)."""
    if keys.lang == ENGLISH:
        return ""
    return keys.said(", %s legends" % LANGUAGE_NAMES.get(keys.lang, keys.lang))


def edition_title(keys: KeyTable, edition: str) -> str:
    """The edition as the titles name it: "electronic banking", on a French unit as the French
    chart names it ("Banque électronique", history.CHART_WORDS)."""
    if keys.lang == ENGLISH:
        return edition.replace("_", " ")
    return word(CHART_WORDS.get(keys.lang), about(edition, "hints").NAME)


def legend_text(keys: KeyTable, width: int = LEGEND_WIDTH, deeds: bool = False) -> Text:
    """The key legend, its entries laid out in rows of at most `width` characters: an entry is
    never broken across two rows (the widget would otherwise wrap it anywhere). deeds: the
    Banker's deed tags are laid on the readers too."""
    text = Text()

    def line(title: str, items) -> None:
        text.append("%-*s" % (LEGEND_TITLE, title), style="bold")
        used = LEGEND_TITLE
        for term, label in items:
            entry = len(term) + len(label) + 3  # " t " + " label"
            if used > LEGEND_TITLE and used + entry > width:
                text.append("\n" + " " * LEGEND_TITLE)
                used = LEGEND_TITLE
            text.append(" %s " % term, style="reverse")
            text.append(" %s" % label)
            used += entry
            if used + 3 <= width:
                text.append("   ")
                used += 3
        text.append("\n")

    said = keys.said
    line(said("Unit keys"), [(term, label) for term, label, _ in keys.legend_items()])
    line(
        said("Long press"),
        [("h", said("then a unit key: hold it %s s") % keys.seconds(HOLD_S))]
        + [(term, keys.hold_label(public)) for term, public in hold_shortcuts(keys).items()],
    )
    if "go" in keys.by_terminal.values() or "C" in keys.by_terminal.values():
        line(
            said("Cards"),
            [
                ("[", said("GREEN slot")),
                ("]", said("RED slot")),
                ("1-6", said("then: put that card in")),
                ("[ ]", said("again: take the card out")),
            ]
            + ([("d", said("then: a deed's square, Enter lays its tag"))] if deeds else []),
        )
    line(
        said("Simulator"),
        [
            ("s", said("bell on/off")),
            ("P", said("power up holding %s (settings)") % ok_key(keys)),
            ("E", said("export the game: CSV and chart")),
            ("?", said("help")),
            ("Esc", said("cancel")),
            ("Q ctrl+q", said("quit")),
        ],
    )
    text.rstrip()
    return text


def legend_rows(keys: KeyTable, deeds: bool = False) -> int:
    return len(legend_text(keys, deeds=deeds).plain.splitlines())


def full_size(keys: KeyTable, deeds: bool = False) -> tuple:
    """The full layout's window (columns, rows): the OLED's 34 rows, three status lines and
    the legend in its border."""
    return (MIN_WIDTH, 34 + 3 + legend_rows(keys, deeds) + 2)


def hint_items(keys: KeyTable, cards: bool, deeds: bool = False) -> list:
    """The compact layout's key lines as (terminal key, label, required) entries: every unit
    key by its keycap, the slots, the holds, then the simulator's keys (those not required
    give way when the lines are full: ? lists every key)."""
    said = keys.said
    items = [(term, label.split(" (")[0], True) for term, label, _ in keys.legend_items()]
    if cards:
        items.append(("[ ]", said("GREEN/RED card: 1-6"), True))
        if deeds:
            items.append(("[ ] d", said("deed tag: square, Enter"), True))
    items.append(("h", said("hold a key"), True))
    holds = hold_shortcuts(keys).items()
    items += [(term, keys.hold_label(public), True) for term, public in holds]
    if deeds:
        items.append(("D", said("deeds / panel"), True))
    items += [
        ("P", said("settings"), False),
        ("E", said("export"), False),
        ("s", said("bell"), False),
        ("?", said("all keys"), True),
        ("Q", said("quit"), True),
    ]
    return items


def hints_text(keys: KeyTable, cards: bool, deeds: bool = False) -> Text:
    """The compact layout's key lines (tui_compact.pack_hints)."""
    return pack_hints(hint_items(keys, cards, deeds), HINTS_WIDTH)


def help_words(keys: KeyTable, edition: str) -> dict | None:
    """The help's words in the table's language: the terminal's (TUI_WORDS) and the edition's
    own lines (its hints.py TUI_WORDS); None in English."""
    if keys.words is None:
        return None
    own = getattr(about(edition, "hints"), "TUI_WORDS", {}).get(keys.lang, {})
    return {**keys.words, **own}


def help_text(keys: KeyTable, edition: str) -> Text:
    """The help screen: the keys, the holds, the cards (a card edition), the simulator's own
    keys, and how a game is played (the edition's hints, editions/<name>/hints.py), in the
    table's language."""
    hints = about(edition, "hints")
    cards = about(edition).USES_CARDS
    words = help_words(keys, edition)

    def said(english: str) -> str:
        return word(words, english)

    text = Text()
    title = said("Keys of the simulated %s unit%s") % (
        edition_title(keys, edition),
        legends_of(keys),
    )
    text.append(title + "\n\n", style="bold")
    text.append(said("Unit keys (a tap, like a finger on the keypad):") + "\n", style="bold")
    for term, label, public in keys.legend_items():
        text.append("  %-12s %s" % (term, label))
        text.append(said("   (unit key %s)") % public + "\n", style="dim")
    text.append(
        "\n" + said("Long press (a terminal sends no key-up, so a hold is a prefix):") + "\n",
        style="bold",
    )
    seconds = keys.seconds(HOLD_S)
    text.append("  " + said("h, then a unit key  hold that key down for %s s") % seconds + "\n")
    for term, public in hold_shortcuts(keys).items():
        values = {"key": public, "label": keys.hold_label(public), "s": seconds}
        text.append("  %-19s %s\n" % (term, said(hints.TUI_HOLD) % values))
    if cards:
        text.append(
            "\n" + said("Cards (virtual cards 1-%d belong to this game):") % PLAYER_CARDS + "\n",
            style="bold",
        )
        card_lines = [
            "[ then 1-9   put that card in the GREEN slot (receive)",
            "] then 1-9   put that card in the RED slot (pay); 7-9 are cards the unit",
            "             never enrolled (UNKNOWN CARD)",
            "[ or ]       when that slot holds a card: take it out",
        ]
        if hints.HISTORY == "deeds":
            card_lines += [
                "[ or ], d    then a deed's square (1-39) and Enter: lay its tag on that",
                "             reader (the board beside the unit: owner, buildings, M)",
            ]
        for line in card_lines:
            text.append("  %s\n" % said(line))
    text.append("\n" + said("Simulator:") + "\n", style="bold")
    pending = "cancel a pending slot or hold" if cards else "cancel a pending hold"
    simulator = [
        "s            terminal bell for sound cues on/off (this window only)",
        "P            " + said(hints.TUI_POWER_MENU),
        "E            export the game so far: a CSV and a chart (the status line",
        "             says where; --export-dir, make sim EXPORT=)",
        "Esc          " + said(pending),
        "?            this help (? or Esc closes it)",
        "Q, ctrl+q    quit (the unit powers off)",
    ]
    for line in simulator:
        text.append("  %s\n" % said(line))
    text.append("\n%s\n" % said(hints.TUI_PLAYING_TITLE), style="bold")
    playing = list(hints.TUI_PLAYING)
    if cards:
        playing += CARD_PLAYING
    text.append("\n".join("  " + said(line) for line in playing))
    if hints.HISTORY == "deeds":  # the Banker: the building auction's keys
        text.append("\n\n%s\n" % said(BUILDING_AUCTION_TITLE), style="bold")
        terms = {public: term for public, term, _ in keys.entries}
        lines = building_auction_help(terms, said, keys.keycap)
        text.append("\n".join("  " + line for line in lines))
    return text


class HelpScreen(ModalScreen):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 92;  /* HELP_COLUMNS */
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        background: $surface;
        padding: 0 1;
    }
    """

    def __init__(self, text: Text, said=str) -> None:
        super().__init__()
        self._text = text
        self._title = said("Help")  # said: KeyTable.said, the words in the unit's language
        self._subtitle = said("? or Esc closes; arrows scroll")

    def compose(self) -> ComposeResult:
        with VerticalScroll() as box:
            box.border_title = self._title
            box.border_subtitle = self._subtitle
            yield Static(self._text, id="help-text")

    async def on_key(self, event: events.Key) -> None:
        # Any other key goes on to the bindings (the arrows and page keys scroll the help);
        # the unit never sees it (BankUnitApp.on_key ignores keys while the help is shown).
        if event.key in ("escape", "question_mark") or event.character == "?":
            event.stop()
            self.dismiss()
        elif event.character == "Q":
            event.stop()
            await self.app.action_quit()
