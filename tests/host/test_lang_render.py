# The renderer drawing through a language's table (ui.render.Screen.lang): every region's
# text translated as it is redrawn, compared in English, an amount being typed left alone.
from canvas_rig import new_canvas
from lang_rig import TableFS, table_bytes

from ui.lang import Table
from ui.render import Screen

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


def test_an_amount_being_typed_is_not_looked_up():
    screen, table = french_screen()
    screen.draw(view(big="1", mode="entry"))
    table.asked.clear()
    screen.draw(view(big="15", mode="entry"))
    assert "15" not in table.asked


def test_back_to_english_draws_everything_in_english():
    screen, _ = french_screen()
    drawn(screen, view(detail="INSERT A CARD"))
    screen.use(None)
    assert drawn(screen, view(detail="INSERT A CARD")) == [
        "CARD 1 RECEIVES",
        "15M",
        "INSERT A CARD",
    ]
