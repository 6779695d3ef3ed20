# Virtual flash: write points counted, torn writes at a power cut, PowerCut past except, ENOSPC.
import os

from peripherals.flash import EBADF, ENOSPC, PowerCut, VirtualFlash

RECORD = b"0123456789abcdefghij"  # 20 bytes


def _scratch():
    root = "test-flash-%08x.tmp" % int.from_bytes(os.urandom(4), "big")
    os.mkdir(root)
    return root


def _wipe(root):
    for name in os.listdir(root):
        os.remove(root + "/" + name)
    os.rmdir(root)


def _content(root, name):
    with open(root + "/" + name, "rb") as handle:
        return handle.read()


def _exists(root, name):
    return name in os.listdir(root)


def _torn_write(seed):
    """One whole record, then a second one cut by the power: (bytes on flash, flash)."""
    root = _scratch()
    try:
        flash = VirtualFlash(root, seed=seed)
        journal = flash.open("j.log", "ab")
        journal.write(RECORD)
        flash.cut_after(1)
        try:
            journal.write(RECORD)
        except PowerCut:
            pass
        else:
            raise AssertionError("the cut write completed")
        flash.restore_power()
        return _content(root, "j.log"), flash
    finally:
        _wipe(root)


def test_every_mutation_is_one_write_point():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        handle = flash.open("a.bin", "wb")
        assert flash.write_points == 0  # opening is not a write point
        assert handle.write(b"abc") == 3
        assert handle.write(bytearray(b"de")) == 2
        handle.flush()
        handle.close()
        assert flash.write_points == 4
        assert flash.bytes_written == 5
        assert _content(root, "a.bin") == b"abcde"
        with flash.open("a.bin", "rb") as reading:
            assert reading.read() == b"abcde"
        assert flash.write_points == 4  # reading and closing a read-only file write nothing
        assert flash.stat("a.bin")[6] == 5
        flash.rename("a.bin", "b.bin")
        assert flash.listdir("/") == ["b.bin"]
        flash.remove("/b.bin")
        assert flash.listdir() == []
        assert flash.write_points == 6
        assert flash.bytes_written == 5
    finally:
        _wipe(root)


def test_a_cut_write_stores_a_strict_prefix_chosen_by_the_seed():
    kept = []
    for seed in range(48):
        content, flash = _torn_write(seed)
        kind, path, keep, wanted = flash.last_cut
        assert (kind, path, wanted) == ("write", "j.log", 20)
        assert 0 <= keep < 20
        assert content == RECORD + RECORD[:keep]
        assert flash.bytes_written == 20 + keep
        kept.append(keep)
    assert 0 in kept  # sometimes nothing reaches the flash
    assert 19 in kept  # sometimes all but the last byte
    assert [k for k in kept if 0 < k < 19]  # and sometimes a length in between
    assert _torn_write(7)[0] == _torn_write(7)[0]  # the same seed tears the same way


def test_the_nth_write_point_from_now_is_the_one_cut():
    root = _scratch()
    try:
        flash = VirtualFlash(root, seed=1)
        handle = flash.open("n.bin", "wb")
        handle.write(b"before")
        flash.cut_after(3)
        handle.write(b"1")
        handle.flush()
        try:
            handle.write(b"33")
        except PowerCut:
            pass
        else:
            raise AssertionError("the third write point completed")
        assert flash.write_points == 4
        assert flash.cuts == 1
        flash.restore_power()
        assert _content(root, "n.bin")[:7] == b"before1"
        assert len(_content(root, "n.bin")) <= 8
    finally:
        _wipe(root)


def test_power_cut_passes_through_except_exception_and_except_oserror():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        handle = flash.open("x.bin", "wb")
        flash.cut_after(1)
        swallowed = False
        try:
            try:
                handle.write(b"data")
            except OSError:
                swallowed = True
            except Exception:
                swallowed = True
        except PowerCut:
            pass
        assert not swallowed
        assert not issubclass(PowerCut, Exception)
    finally:
        flash.restore_power()
        _wipe(root)


def test_after_a_cut_everything_raises_until_power_is_restored():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        with flash.open("keep.bin", "wb") as handle:
            handle.write(b"kept")
        older = flash.open("keep.bin", "rb")
        handle = flash.open("new.bin", "wb")
        flash.cut_after(1)
        try:
            handle.flush()
        except PowerCut:
            pass
        refused = 0
        for attempt in (
            lambda: flash.open("keep.bin", "rb"),
            lambda: flash.stat("keep.bin"),
            lambda: flash.listdir(),
            lambda: flash.rename("keep.bin", "other.bin"),
            lambda: flash.remove("keep.bin"),
            lambda: older.read(),
            lambda: handle.write(b"late"),
        ):
            try:
                attempt()
            except PowerCut:
                refused += 1
        assert refused == 7
        assert flash.write_points == 3  # write, close, flush: nothing counted while off
        flash.restore_power()
        assert flash.listdir() == ["keep.bin", "new.bin"]
        try:
            older.read()  # a file opened before the cut belongs to the dead boot
        except OSError as error:
            assert error.args[0] == EBADF
        else:
            raise AssertionError("a dead file was readable")
        older.close()  # closes silently: cleanup code cannot mask anything
        with flash.open("keep.bin", "rb") as fresh:
            assert fresh.read() == b"kept"
    finally:
        flash.restore_power()
        _wipe(root)


def test_a_rename_or_remove_at_the_cut_happens_or_not_by_seed():
    outcomes = []
    for seed in range(16):
        root = _scratch()
        try:
            flash = VirtualFlash(root, seed=seed)
            with flash.open("new.tmp", "wb") as handle:
                handle.write(b"n")
            with flash.open("old.tmp", "wb") as handle:
                handle.write(b"o")
            flash.cut_after(1)
            try:
                flash.rename("new.tmp", "snap")
            except PowerCut:
                pass
            flash.restore_power()
            kind, src, dst, happened = flash.last_cut
            assert (kind, src, dst) == ("rename", "new.tmp", "snap")
            assert _exists(root, "snap") == happened
            assert _exists(root, "new.tmp") != happened
            flash.cut_after(1)
            try:
                flash.remove("old.tmp")
            except PowerCut:
                pass
            flash.restore_power()
            assert flash.last_cut[0] == "remove"
            assert _exists(root, "old.tmp") != flash.last_cut[3]
            outcomes.append((happened, flash.last_cut[3]))
        finally:
            _wipe(root)
    assert True in [o[0] for o in outcomes] and False in [o[0] for o in outcomes]
    assert True in [o[1] for o in outcomes] and False in [o[1] for o in outcomes]


def test_a_cut_at_close_keeps_what_was_written():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        handle = flash.open("c.bin", "wb")
        handle.write(b"whole")
        flash.cut_after(1)
        try:
            handle.close()
        except PowerCut:
            pass
        assert flash.last_cut == ("close", "c.bin", None, False)
        flash.restore_power()
        assert _content(root, "c.bin") == b"whole"
    finally:
        _wipe(root)


def test_a_with_block_lets_the_power_cut_itself_propagate():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        flash.cut_after(2)
        try:
            with flash.open("w.bin", "wb") as handle:
                handle.write(b"one")
                handle.write(b"two")
        except PowerCut as cut:
            assert "write point 2" in str(cut)
        else:
            raise AssertionError("no power cut")
        assert handle.closed
        assert flash.write_points == 2  # __exit__ did not count a close on a dead board
        flash.restore_power()
    finally:
        _wipe(root)


def test_a_full_flash_stores_what_fits_then_raises_enospc():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        flash.fill(10)
        handle = flash.open("f.bin", "wb")
        handle.write(b"123456")
        try:
            handle.write(b"789abc")
        except OSError as error:
            assert error.args[0] == ENOSPC
        else:
            raise AssertionError("no ENOSPC")
        try:
            handle.write(b"z")
        except OSError as error:
            assert error.args[0] == ENOSPC
        assert flash.bytes_written == 10
        assert flash.free_bytes == 0
        assert flash.write_points == 3
        flash.fill(None)
        handle.write(b"!")
        handle.close()
        assert _content(root, "f.bin") == b"123456789a!"
    finally:
        _wipe(root)


def test_text_mode_lines_and_paths():
    root = _scratch()
    try:
        flash = VirtualFlash(root)
        with flash.open("/t.txt", "w") as handle:
            handle.write("one\n")
            handle.write("two\n")
        with flash.open("t.txt") as handle:
            assert [line for line in handle] == ["one\n", "two\n"]
        with flash.open("t.txt", "rb") as handle:
            assert handle.readline() == b"one\n"
            assert handle.read(2) == b"tw"
        try:
            flash.open("../escape", "w")
        except ValueError:
            pass
        else:
            raise AssertionError("a path left the flash")
        try:
            flash.open("missing.txt", "r")
        except OSError as error:
            assert error.args[0] == 2  # ENOENT, as a journal's first boot expects
        try:
            flash.cut_after(0)
        except ValueError:
            pass
        else:
            raise AssertionError("cut_after(0) accepted")
    finally:
        _wipe(root)
