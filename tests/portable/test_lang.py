# The language tables' lookup (ui.lang), on CPython and MicroPython.
# micropython-heap: 64k (a table of a few entries, its buffers: under 2 KB; the suite's own code,
# about 20 KB)
import binascii
import gc

from lang_rig import TableFS, key_hash, looking, missed, table_bytes

from store.fs import DeviceFS
from ui.lang import Table, load

ENTRIES = {
    "INSERT A CARD": "INSÉREZ UNE CARTE",
    "CARD #": "CARTE #",
    "CARD # > CARD #": "CARTE #2 < CARTE #1",
    "CARD # #": "CARTE # #",
    "#  BAL #": "SOLDE #2  #1",
}


def french(entries=None):
    fs = TableFS({"fr.tbl": table_bytes(ENTRIES if entries is None else entries)})
    table = Table(fs, "fr")
    return table, fs


def test_the_hash_is_as_documented_and_chains_a_token_at_a_time():
    # the low 24 bits of the key's CRC-32; the unit hashes a token at a time, the CRC so far
    # passed on (binascii.crc32's second argument), which is the whole key's
    assert key_hash(b"") == 0
    assert key_hash(b"CARD #") == binascii.crc32(b"CARD #") & 0xFFFFFF
    h = 0
    for part in (b"CARD", b" ", b"#"):
        h = binascii.crc32(part, h)
    assert h & 0xFFFFFF == key_hash(b"CARD #")
    assert key_hash(b"INSERT A CARD") != key_hash(b"INSERT A CARE")


def test_a_token_is_a_number_by_its_digits_wherever_they_are():
    # a token with a digit anywhere is "#" in the key: after its signs (told in C), or after
    # letters and marks (told byte by byte)
    entries = {"CARD # #": "CARTE # #", "PAY # #": "PAYEZ # #", "INSERT A CARD": "INSÉREZ"}
    table, _ = french(entries)
    assert table.translate("CARD €15 +1.5M") == "CARTE €15 +1.5M"
    assert table.translate("CARD #4 (3)") == "CARTE #4 (3)"
    assert table.translate("PAY X2 A.5") == "PAYEZ X2 A.5"
    assert table.translate("PAY 2ND -£3") == "PAYEZ 2ND -£3"
    assert table.translate("PAY € 5") == "PAY € 5"  # (a sign alone is no number: no such key)
    assert table.translate("INSERT A CARD") == "INSÉREZ"


def test_a_line_is_translated_and_its_numbers_filled_in_order():
    table, _ = french()
    assert table.translate("INSERT A CARD") == "INSÉREZ UNE CARTE"
    assert table.translate("CARD 3") == "CARTE 3"
    assert table.translate("CARD 3: 17.25M") == "CARTE 3: 17.25M"


def test_a_line_with_one_number_has_it_put_in_place_wherever_its_mark_is():
    # one number and one plain "#" (most lines): put in the text's place in C; a numbered mark
    # ("#1") goes the general way
    entries = {
        "CARD # PAYS": "CARTE # PAIE",
        "BALANCE #": "SOLDE #",
        "# LEFT": "# RESTANT",
        "ROUND #": "#1E TOUR",
    }
    table, _ = french(entries)
    assert table.translate("CARD 12 PAYS") == "CARTE 12 PAIE"
    assert table.translate("BALANCE €1500") == "SOLDE €1500"
    assert table.translate("3 LEFT") == "3 RESTANT"
    assert table.translate("ROUND 4") == "4E TOUR"


def test_numbered_marks_reorder_the_tokens():
    table, _ = french()
    assert table.translate("CARD 2 > CARD 1") == "CARTE 1 < CARTE 2"
    assert table.translate("#4  BAL 15.75M") == "SOLDE 15.75M  #4"


def test_a_line_without_an_entry_stays_english_and_a_line_without_a_word_is_not_looked_up():
    table, fs = french()
    table.load()
    looking(table)
    assert table.translate("HELLO 2") == "HELLO 2"
    assert table.translate("15.2M") == "15.2M"  # no word: not looked up, not a miss
    assert table.translate("-750K") == "-750K"
    assert table.translate("") == ""
    assert table.missed == [missed("HELLO 2")]
    reads = fs.reads
    assert table("€35") == "€35" and table("----") == "----"  # no capital: no word, no lookup
    assert table("card 3") == "card 3"  # (the table's keys are in capitals)
    assert fs.reads == reads and table.missed == [missed("HELLO 2")]


# A table that names its decimal mark (lang/fr.txt's DECIMAL POINT entry).
COMMA = dict(ENTRIES)
COMMA["DECIMAL POINT"] = ","
COMMA["HISTORY FROM #"] = "HISTORIQUE DÈS #"


def test_a_table_with_its_ordinals_writes_their_endings():
    # lang/fr.txt's ORDINAL SUFFIX and FIRST SUFFIX: an English ordinal's ending replaced in
    # every token, a tie's "=" kept; numbers that are no ordinals as they are
    entries = dict(COMMA)
    entries.update({"ORDINAL SUFFIX": "E", "FIRST SUFFIX": "ER", "TIE FOR #": "EX AEQUO #"})
    entries["REINSERT FOR # GO"] = "RÉINSÉREZ POUR # GO"
    table, _ = french(entries)
    assert table.translate("REINSERT FOR 2ND GO") == "RÉINSÉREZ POUR 2E GO"
    assert table.translate("TIE FOR 1ST") == "EX AEQUO 1ER"
    assert table.translate("CARD 2 > CARD 1") == "CARTE 1 < CARTE 2"
    assert table.translate("3RD= CARD 1") == "3E= CARD 1"  # (no entry: its numbers all the same)
    assert table.translate("11TH 21ST 22ND") == "11E 21E 22E"  # only 1 alone is 1ER
    assert table.translate("15M 1.5M ST 2S") == "15M 1,5M ST 2S"
    english, _ = french(COMMA)  # a table without them keeps the English endings
    assert english.translate("TIE FOR 1ST") == "TIE FOR 1ST"


def test_a_table_with_a_decimal_comma_writes_numbers_with_it():
    table, _ = french(COMMA)
    table.load()
    looking(table)
    assert table.translate("CARD 3: 17.25M") == "CARTE 3: 17,25M"  # a token filled in
    assert table.translate("#4  BAL 15.75M") == "SOLDE 15,75M  #4"
    assert table.translate("1.5M") == "1,5M"  # a line with no word
    assert table.translate("-0.75M") == "-0,75M"
    assert table.translate("1.") == "1,"  # an amount being typed, its point just pressed
    assert table.translate("LIFT 1.5M +10%") == "LIFT 1,5M +10%"  # no entry: still its style
    assert table.missed == [missed("LIFT 1.5M +10%")]  # (looked up and missed all the same)
    # the English grouping comma is left out; another comma stays
    assert table.translate("HISTORY FROM #1,210") == "HISTORIQUE DÈS #1210"
    assert table.translate("3.3V, GND, SDA") == "3,3V, GND, SDA"
    assert table.translate("GO TO JAIL. PAY 50") == "GO TO JAIL. PAY 50"  # no digit: a word
    assert table.translate("15M") == "15M"
    assert table.translate("CARD 3") == "CARTE 3"


def test_a_table_without_a_decimal_mark_keeps_the_point():
    table, _ = french()
    assert table.translate("1.5M") == "1.5M"
    assert table.translate("CARD 3: 17.25M") == "CARTE 3: 17.25M"
    assert table.policy == (46, b"", b"")  # a point, English's ordinals


def test_the_index_is_read_once_and_the_file_kept_open():
    table, fs = french()
    assert fs.opened == 0  # nothing read before the first lookup or load()
    assert table.load()
    assert len(table.index) == 17 * 2 + 256  # where the blocks are: they stay on the flash
    for line in ("CARD 1", "CARD 2", "INSERT A CARD", "CARD 1"):
        table.translate(line)
    assert fs.opened == 1


def test_lines_without_a_number_are_cached_and_the_cache_is_bounded():
    entries = dict(ENTRIES)
    entries.update({"WORD " + chr(65 + n): "MOT " + chr(65 + n) for n in range(26)})
    table, _ = french(entries)
    first = table("INSERT A CARD")  # (the renderer's call: through the cache)
    assert table("INSERT A CARD") is first  # a label, a title, a message: kept
    numbered = table("CARD 1")
    assert numbered == "CARTE 1" and "CARD 1" not in table.kept  # a number: looked up anew
    for n in range(26):
        assert table("WORD " + chr(65 + n)) == "MOT " + chr(65 + n)
        assert 0 < len(table.kept) <= 16
    # full, it lets one line go for each new one (not all: the next screen's lines stay)
    assert len(table.kept) == 16 and "WORD Z" in table.kept


def test_a_line_with_a_number_looked_up_again_with_another_reads_no_flash():
    # A text with "#"s is kept by its key's hash from its second lookup (the boot summary's
    # lines, asked once, are not); the lines themselves are not kept: their numbers change.
    table, fs = french(COMMA)
    assert table("CARD 1") == "CARTE 1"
    reads = fs.reads
    assert table("CARD 2") == "CARTE 2"  # (its second lookup: read, kept)
    assert fs.reads == reads + 1
    assert table("CARD 17.5") == "CARTE 17,5" and table("CARD 3") == "CARTE 3"
    assert fs.reads == reads + 1
    assert table("#4  BAL 15.75M") == "SOLDE 15,75M  #4"
    assert table("#5  BAL 1.5M") == "SOLDE 1,5M  #5"
    assert table("#6  BAL 2M") == "SOLDE 2M  #6"
    assert fs.reads == reads + 3
    assert not any(line in table.kept for line in ("CARD 1", "CARD 2", "#6  BAL 2M"))
    # a line without an entry is not kept, and stays English
    assert table("HELLO 2") == "HELLO 2" and table("HELLO 2") == "HELLO 2"
    assert table("-£1,500") == "-£1500" and "HELLO 2" not in table.kept


def test_the_texts_kept_are_bounded_with_the_lines():
    entries = {"WORD %s #" % chr(65 + n): "MOT %s #" % chr(65 + n) for n in range(30)}
    entries["INSERT A CARD"] = "INSÉREZ UNE CARTE"
    table, fs = french(entries)
    assert table("INSERT A CARD") == "INSÉREZ UNE CARTE"
    for n in range(60):
        word = chr(65 + n % 30)
        assert table("WORD %s %d" % (word, n)) == "MOT %s %d" % (word, n)
        assert len(table.kept) <= 16
    for n in range(2):  # its text asked twice: kept
        assert table("WORD H 9%d" % n) == "MOT H 9%d" % n
    reads = fs.reads
    assert table("WORD H 99") == "MOT H 99"
    assert fs.reads == reads and len(table.kept) == 16


def test_forget_lets_the_kept_lines_go_and_the_next_lookup_reads_again():
    # The game begins (ui.render.prepare): the boot summary's and the menu's lines never come
    # back, so the table lets every kept line and text go; its dict keeps its table.
    table, fs = french(COMMA)
    assert table("INSERT A CARD") == "INSÉREZ UNE CARTE"
    table("CARD 1")
    table("CARD 2")  # (its text kept, by its key's hash)
    assert len(table.kept) == 2
    table.forget()
    assert len(table.kept) == 0
    reads = fs.reads
    assert table("INSERT A CARD") == "INSÉREZ UNE CARTE"
    assert table("CARD 3") == "CARTE 3"
    assert fs.reads == reads + 2  # looked up anew, and kept again
    assert table("INSERT A CARD") == "INSÉREZ UNE CARTE" and fs.reads == reads + 2


def test_a_missing_or_broken_table_translates_nothing():
    table = Table(TableFS({}), "fr")
    assert not table.load()
    assert table.translate("INSERT A CARD") == "INSERT A CARD"
    broken = Table(TableFS({"fr.tbl": b"LTB3\x00\x09"}), "fr")
    assert broken.translate("INSERT A CARD") == "INSERT A CARD"
    assert broken.fs is None  # (not tried again)


def test_a_table_on_the_flash_folder():
    fs = DeviceFS("lang-test.tmp")
    with fs.open("fr.tbl", "wb") as file:
        file.write(table_bytes(ENTRIES))
    table = Table(fs, "fr")
    assert table.translate("CARD 6") == "CARTE 6"
    table.close()
    fs.remove("fr.tbl")


class _Board:
    def __init__(self, lang_fs=None):
        if lang_fs is not None:
            self.lang_fs = lang_fs


def test_the_units_table_is_loaded_from_the_boards_folder_or_the_flash():
    fs = TableFS({"fr.tbl": table_bytes(ENTRIES)})
    table = load(_Board(fs), "fr")
    assert table is not None and table.count == len(ENTRIES)
    assert table("CARD 7") == "CARTE 7" == table.translate("CARD 7")  # (the renderer calls it)
    assert load(_Board(TableFS({})), "fr") is None  # no table: the screens stay English
    folder = DeviceFS("lang")  # a board without one: the flash's "lang" folder
    with folder.open("fr.tbl", "wb") as file:
        file.write(table_bytes(ENTRIES))
    table = load(_Board(), "fr")
    assert table is not None and table("INSERT A CARD") == "INSÉREZ UNE CARTE"
    table.close()
    folder.remove("fr.tbl")
    assert load(_Board(), "fr") is None


def test_a_text_to_scroll_is_translated_whole_and_its_windows_drawn_as_they_are():
    # Revolution's Chance card: its text (longer than the glass's 21 characters) is asked whole
    # as it is drawn; the windows the edition then cuts from the translation, 21 characters
    # after the 20 blanks it scrolls in with, come back as they are: no lookup, no miss.
    card = "YOUR BIKE REPAIR SHOP MAKES A PROFIT: COLLECT 500K"
    text = "VOTRE ATELIER DE VÉLOS FAIT DES BÉNÉFICES: RECEVEZ 500K"
    entries = dict(ENTRIES)
    entries["YOUR BIKE REPAIR SHOP MAKES A PROFIT: COLLECT #"] = text.replace("500K", "#")
    table, _ = french(entries)
    table.load()
    looking(table)
    assert table(card) == text
    padded = " " * 20 + text
    windows = [padded[step : step + 21] for step in range(len(text))]
    assert "VOTRE ATELIER DE VÉLO" in windows and windows[-1] == "NÉFICES: RECEVEZ 500K"
    for window in windows:
        assert table(window) == window
    assert table.missed == [] and not any(window in table.kept for window in windows)
    assert table("CARD 3") == "CARTE 3"  # the other lines as before
    line = "CARD 3 > CARD 4 ATELI"  # 21 characters, not of the text: looked up (no entry)
    assert table(line) == line and table.missed == [missed(line)]
    assert card not in table.kept and table(card) == text  # asked anew each time it is drawn


def test_a_lookup_allocates_little():
    table, _ = french()
    table.load()
    table.translate("CARD 1")  # the first: its code paths warmed
    gc.collect()
    before = gc.mem_free() if hasattr(gc, "mem_free") else 0
    for n in range(10, 20):
        table.translate("CARD %d > CARD %d" % (n, n + 1))
    if hasattr(gc, "mem_free"):
        # ten lines of five tokens, two numbers, looked up and filled: about 1.4 KB a lookup on
        # the 64-bit port, half on the chip (each token a bytes copy told and hashed in C, the
        # text split at its "#"s and joined: garbage of small blocks, no str but the line's),
        # none kept (the cache's table is made at once)
        assert before - gc.mem_free() < 16000
