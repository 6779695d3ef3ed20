# The renderer drawing through a language's table (ui.render.Screen.lang): every region's
# text translated as it is redrawn, compared in English; numbers in the table's decimal mark.
import framebuf
from canvas_rig import new_canvas
from lang_rig import TableFS, looking, table_bytes

from ui.lang import Table
from ui.render import BIG_Y, ENTRY_X, Screen, edit_entry

ENTRIES = {
    "CARD # RECEIVES": "CARTE # REÇOIT",
    "INSERT A CARD": "INSÉREZ UNE CARTE",
    "NEW GAME?": "NOUVELLE PARTIE?",
    "BALANCE #": "SOLDE #",
    "EDITION  EL. BANKING": "ÉDITION  EL. BANKING",
}


class Counted(Table):
    def __init__(self, fs, code):
        super().__init__(fs, code)
        self.asked: list = []

    def __call__(self, line):  # (what the renderer calls)
        self.asked.append(line)
        return super().translate(line)


def view(**changes):
    shown = {"display_on": True, "title": "CARD 1 RECEIVES", "big": "15M", "detail": ""}
    shown.update(changes)
    return shown


def french_screen():
    screen = Screen(new_canvas())
    table = Counted(TableFS({"fr.tbl": table_bytes(ENTRIES)}), "fr")
    screen.use(table)
    return screen, table


def drawn(screen, shown):
    log: list = []
    screen.draw(shown, None, log)
    return [text for _, _, text in log if not text.startswith("icon:")]


def test_every_region_is_drawn_translated():
    screen, _ = french_screen()
    assert drawn(screen, view(detail="INSERT A CARD")) == [
        "CARTE 1 REÇOIT",
        "15M",
        "INSÉREZ UNE CARTE",
    ]
    assert "NOUVELLE PARTIE?" in drawn(screen, view(big="NEW GAME?"))
    lines = drawn(screen, view(big="", lines=["EDITION  EL. BANKING", "BALANCE 15M"]))
    assert "ÉDITION  EL. BANKING" in lines and "SOLDE 15M" in lines


def test_an_unchanged_region_is_not_looked_up_again():
    screen, table = french_screen()
    screen.draw(view(detail="INSERT A CARD"))
    table.asked.clear()
    screen.draw(view(detail="INSERT A CARD", big="14.5M"))
    assert table.asked == ["14.5M"]


def test_an_amount_being_typed_has_no_entry_to_find():
    screen, table = french_screen()
    table.load()
    looking(table)
    screen.draw(view(big="1", mode="entry"))
    screen.draw(view(big="15", mode="entry"))
    assert table.missed == []  # (looked up for its decimal mark alone: it has no word)


COMMA = {"DECIMAL POINT": ","}  # lang/fr.txt's decimal mark


def comma_screen():
    """A Screen drawing through a table with a decimal comma, and its canvas's bytes."""
    frame = bytearray(1024)
    screen = Screen(framebuf.FrameBuffer(frame, 128, 64, framebuf.MONO_VLSB))
    screen.use(Table(TableFS({"fr.tbl": table_bytes(dict(ENTRIES, **COMMA))}), "fr"))
    return screen, frame


def afresh(big: str) -> bytes:
    """The frame of an amount being typed, drawn whole."""
    screen, frame = comma_screen()
    screen.draw(view(big=big, mode="entry"))
    return bytes(frame)


def test_an_amount_typed_shows_the_decimal_comma_a_glyph_at_a_time():
    screen, frame = comma_screen()
    assert drawn(screen, view(big="1", mode="entry"))[1:] == ["1"]
    log: list = []
    columns = edit_entry(screen, "1.", log)  # the point key: its glyph alone is drawn
    assert log[-1] == (ENTRY_X, BIG_Y, "1,")
    assert columns is not None and columns[1] - columns[0] + 1 == 4  # the comma's 4 columns
    assert bytes(frame) == afresh("1.")
    assert edit_entry(screen, "1.5", log) is not None and log[-1] == (ENTRY_X, BIG_Y, "1,5")
    assert bytes(frame) == afresh("1.5")
    # taken back a character at a time: the comma's own width cleared (the point's is 3)
    assert edit_entry(screen, "1.", log) is not None and bytes(frame) == afresh("1.")
    assert edit_entry(screen, "1", log) is not None and bytes(frame) == afresh("1")


def test_a_balance_shows_the_decimal_comma():
    screen, _ = comma_screen()
    assert drawn(screen, view(big="17.25M", detail="BALANCE 1.5M")) == [
        "CARTE 1 REÇOIT",
        "17,25M",
        "SOLDE 1,5M",
    ]


def test_back_to_english_draws_everything_in_english():
    screen, _ = french_screen()
    drawn(screen, view(detail="INSERT A CARD"))
    screen.use(None)
    assert drawn(screen, view(detail="INSERT A CARD")) == [
        "CARD 1 RECEIVES",
        "15M",
        "INSERT A CARD",
    ]
