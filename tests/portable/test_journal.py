# The journal: records survive a reload, torn or corrupted lines are dropped and reported.
import os

from store.journal import Journal, decode, encode

PATH = "test-journal.tmp"


def _fresh() -> Journal:
    try:
        os.remove(PATH)
    except OSError:
        pass
    return Journal(PATH)


def test_records_round_trip():
    journal = _fresh()
    journal.append([("tx", 0, 2, 2000000), ("card", "04a1b2c3", 1)])
    journal.append([("set", "sound", 0)])
    records, problems = Journal(PATH).load()
    assert records == [("tx", 0, 2, 2000000), ("card", "04a1b2c3", 1), ("set", "sound", 0)]
    assert problems == []
    os.remove(PATH)


def test_missing_journal_is_a_fresh_unit():
    journal = _fresh()
    assert journal.load() == ([], [])


def test_torn_last_line_is_dropped_and_reported():
    journal = _fresh()
    journal.append([("tx", 0, 2, 2000000)])
    whole = encode(("tx", 2, 0, 500000))
    with open(PATH, "ab") as handle:
        handle.write(whole[:-5])  # power cut in the middle of the write
    records, problems = journal.load()
    assert records == [("tx", 0, 2, 2000000)]
    assert problems == ["line 2 torn"]
    os.remove(PATH)


def test_a_flipped_bit_fails_the_checksum():
    line = bytearray(encode(("tx", 0, 2, 2000000)))
    line[8] ^= 0x01
    assert decode(bytes(line)) is None
    assert decode(encode(("new", 15000000))) == ("new", 15000000)


def test_a_record_appended_after_a_torn_line_survives():
    journal = _fresh()
    journal.append([("tx", 0, 2, 2000000)])
    with open(PATH, "ab") as handle:
        handle.write(encode(("tx", 2, 0, 500000))[:-7])  # power cut mid-write
    rebooted = Journal(PATH)
    rebooted.load()
    rebooted.append([("tx", 0, 3, 10000)])  # the first record after the reboot
    records, problems = Journal(PATH).load()
    assert records == [("tx", 0, 2, 2000000), ("tx", 0, 3, 10000)]
    assert problems == ["line 2 torn"]
    os.remove(PATH)


def test_append_without_a_load_still_starts_on_a_new_line():
    journal = _fresh()
    journal.append([("tx", 0, 2, 2000000)])
    with open(PATH, "ab") as handle:
        handle.write(b'["tx", 0')  # torn, and this Journal object never loaded the file
    Journal(PATH).append([("new", 15000000)])
    records, _ = Journal(PATH).load()
    assert records == [("tx", 0, 2, 2000000), ("new", 15000000)]
    os.remove(PATH)


def test_a_fragment_missing_only_its_newline_stays_dropped():
    journal = _fresh()
    journal.append([("tx", 0, 2, 2000000)])
    with open(PATH, "ab") as handle:
        handle.write(encode(("tx", 0, 3, 500000))[:-1])  # all but the newline: never acked
    rebooted = Journal(PATH)
    rebooted.load()
    rebooted.append([("tx", 0, 4, 10000)])
    records, problems = Journal(PATH).load()
    assert records == [("tx", 0, 2, 2000000), ("tx", 0, 4, 10000)]
    assert problems == ["line 2 torn"]
    os.remove(PATH)


def test_a_complete_line_with_a_bad_checksum_is_dropped_not_torn():
    journal = _fresh()
    journal.append([("tx", 0, 2, 2000000)])
    line = bytearray(encode(("tx", 0, 3, 500000)))
    line[3] ^= 0x01
    with open(PATH, "ab") as handle:
        handle.write(bytes(line))
    assert Journal(PATH).load() == ([("tx", 0, 2, 2000000)], ["line 2 dropped"])
    os.remove(PATH)
