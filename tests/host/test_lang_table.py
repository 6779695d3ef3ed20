# The language tables' compiler (host_sim/lang_tables.py, tools/lang_table.py): the format the unit
# reads, its refusals, and the repository's own tables.
import subprocess
import sys

import pytest
from lang_rig import TableFS, key_hash, table_bytes

from host_sim import lang_tables
from host_sim.lang_tables import TableError, compile_entries, parse
from ui.lang import Table

SOURCE = """// a comment
INSERT A CARD = INSÉREZ UNE CARTE

CARD # = CARTE #
CARD # > CARD # = CARTE #2 < CARTE #1
PAY # TO CARD # = CARTE #2 REÇOIT #1
"""


def test_round_trip_through_the_units_lookup():
    entries = parse(SOURCE)
    table = Table(TableFS({"fr.tbl": compile_entries(entries)}), "fr")
    for line in ("INSERT A CARD", "CARD 4", "CARD 2 > CARD 1", "PAY 1.5M TO CARD 3", "NO ENTRY"):
        assert table.translate(line) == lang_tables.translate(entries, line)
    assert table.translate("PAY 1.5M TO CARD 3") == "CARTE 3 REÇOIT 1.5M"
    assert table.translate("CARD 2 > CARD 1") == "CARTE 1 < CARTE 2"


def test_the_compiler_and_the_portable_rig_write_the_same_bytes():
    entries = parse(SOURCE)
    assert compile_entries(entries) == table_bytes(entries)


def test_the_longest_line_is_the_units_and_a_longer_one_is_refused():
    # 71 bytes: Revolution's Chance cards are looked up whole (the longest English one is 64)
    from ui import lang

    assert lang_tables.LINE_MAX == lang._LINE_MAX == 71
    key = "X" * 60 + " COLLECT #"  # 70 bytes
    entries = parse("%s = %s\n" % (key, "É" * 34 + " #"))  # 70 bytes
    table = Table(TableFS({"fr.tbl": compile_entries(entries)}), "fr")
    assert table.translate("X" * 60 + " COLLECT 1M") == "É" * 34 + " 1M"
    assert table.translate("X" * 61 + " COLLECT 1M") == "X" * 61 + " COLLECT 1M"  # 72: English
    with pytest.raises(TableError, match="over 71 bytes"):
        parse("%s = %s\n" % (key, "É" * 35 + " #"))  # 72 bytes


def test_the_units_hash_is_the_compilers():
    # the portable rig's (as the unit hashes a line: the round trips above look its keys up) and
    # the unit's own keys of its number style
    from ui import lang

    for key in ("", "CARD #", "INSÉREZ", "#  BAL #", "£ €"):
        assert key_hash(key.encode()) == lang_tables.key_hash(key)
    assert lang_tables.key_hash("DECIMAL POINT") == lang._POINT_KEY
    assert lang_tables.key_hash("ORDINAL SUFFIX") == lang._SUFFIX_KEY
    assert lang_tables.key_hash("FIRST SUFFIX") == lang._FIRST_KEY


def test_a_hash_collision_fails_naming_both_keys():
    seen: dict = {}
    for n in range(200000):  # 24 bits: two among a few thousand keys share a hash
        key = "KEY %s" % chr(65 + n % 26) * (1 + n // 26 % 3) + "%x" % n
        h = lang_tables.key_hash(key)
        if h in seen:
            break
        seen[h] = key
    first, second = seen[h], key
    with pytest.raises(TableError) as error:
        compile_entries({first: "A", second: "B"})
    assert repr(first) in str(error.value) and repr(second) in str(error.value)


def test_a_bucket_too_full_for_the_units_read_is_refused():
    # the unit reads a bucket's block (its entries and their texts) at once: 255 bytes at most
    # (its size is a byte)
    bucket = lang_tables.key_hash("KEY A") & 0xFF
    crowd = []
    n = 0
    while sum(3 + 60 for _ in crowd) + 1 <= lang_tables.BLOCK_MOST:
        key = "KEY " + "".join(chr(65 + int(d)) for d in str(n))  # (letters: a key of words)
        if lang_tables.key_hash(key) & 0xFF == bucket:
            crowd.append(key)
        n += 1
    with pytest.raises(TableError, match="over 255 bytes in one bucket"):
        compile_entries({key: "X" * 60 for key in crowd})
    fits = {key: "T" * 59 + key[-1] for key in crowd[:-1]}  # (a byte under, with the count)
    table = Table(TableFS({"fr.tbl": compile_entries(fits)}), "fr")
    assert [table.translate(key) for key in fits] == list(fits.values())


def test_a_hash_found_across_two_entries_hashes_is_passed_over():
    # A block's hashes are 2 bytes each, side by side, found in C: the low byte of one and the
    # high byte of the next can read as a third key's. Three keys of one bucket that do so, the
    # third's own hash after the two in the block: it is found where it is, not across them.
    import itertools

    keys = []
    n = 0
    while len(keys) < 120:
        key = "KEY " + "".join(chr(65 + int(d)) for d in str(n))
        if lang_tables.key_hash(key) & 0xFF == 0x42:
            keys.append(key)
        n += 1
    high = {lang_tables.key_hash(key) >> 8: key for key in keys}
    first, second, third = next(
        (a, b, high[h])
        for a, b in itertools.combinations(sorted(keys, key=lang_tables.key_hash), 2)
        if (h := (lang_tables.key_hash(a) >> 8 & 0xFF) << 8 | lang_tables.key_hash(b) >> 16)
        in high
        and lang_tables.key_hash(high[h]) > lang_tables.key_hash(b)
    )
    entries = {first: "UN", second: "DEUX", third: "TROIS"}
    table = Table(TableFS({"fr.tbl": compile_entries(entries)}), "fr")
    assert [table.translate(key) for key in entries] == ["UN", "DEUX", "TROIS"]
    del entries[third]  # (absent: the match across the two is no entry of it)
    table = Table(TableFS({"fr.tbl": compile_entries(entries)}), "fr")
    assert table.translate(third) == third and table.translate(second) == "DEUX"


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("CARD # = CARTE", "has 1 # but"),
        ("CARD # = CARTE # #", "has 1 # but"),
        ("CARD # > CARD # = #1 #1", "has 2 # but"),
        ("CARD # > CARD # = #1 #", "mixes"),
        ("CARD 3 = CARTE #", "write a token with a digit as #"),
        ("INSERT A CARD", "not ENGLISH = TRANSLATION"),
        ("Insert a card = INSÉREZ UNE CARTE", "not in capitals"),
        ("# = #", "not in capitals"),
        ("CARD # = CARTE #\nCARD # = CARTE #", "is also fr.txt:1"),
    ],
)
def test_malformed_entries_are_refused_naming_the_line(line, why):
    with pytest.raises(TableError) as error:
        parse(line, "fr.txt")
    assert why in str(error.value)
    assert "fr.txt:" in str(error.value)


def test_the_tool_writes_the_tables_and_refuses_a_bad_one(tmp_path):
    tool = [sys.executable, "tools/lang_table.py"]
    ok = subprocess.run(tool + [str(tmp_path / "out")], capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    for code in lang_tables.codes():
        assert (tmp_path / "out" / (code + ".tbl")).read_bytes()[:4] == b"LTB3"
    bad = tmp_path / "xx.txt"
    bad.write_text("CARD # = CARTE # #\n", encoding="utf-8")
    refused = subprocess.run(
        tool + [str(tmp_path / "out"), str(bad)], capture_output=True, text=True
    )
    assert refused.returncode == 2
    assert "xx.txt:1" in refused.stderr


def test_the_repositorys_tables_compile():
    assert "fr" in lang_tables.codes()
    for code in lang_tables.codes():
        lang_tables.compile_file(lang_tables.SOURCES / (code + ".txt"))
