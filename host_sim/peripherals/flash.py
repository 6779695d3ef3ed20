# Virtual flash: a real directory standing in for the board's filesystem, with power cuts and a
# full flash on demand, for crash-safety tests of the journal and anything else that persists.
#
#   flash = VirtualFlash("/tmp/unit-flash", seed=3)
#   flash.cut_after(5)             # the 5th write point from now does not complete
#   flash.fill(100)                # only 100 more bytes fit: then OSError(ENOSPC)
#   flash.capacity(64 * 1024)      # the files may take 64 KB in all; removing one frees it
#                                  # (a write past it stores nothing, then OSError(ENOSPC))
#   flash.restore_power()          # after a PowerCut: boot again on what reached the flash
#
# Write points: each write() call, flush() and close() of a file opened for writing, rename(),
# remove(). open() itself is not one ("w" truncates at once, "x"/"a" create at once). A write
# goes straight through to the real file, so what a test reads after restore_power() is exactly
# what reached the flash. At the cut: a write() stores a seeded prefix of its data (nothing, all
# but the last byte, or a length in between; never all of it), a rename/remove happens or not
# (seeded), a flush/close stores nothing more; then PowerCut is raised, and every operation
# raises PowerCut until restore_power(). Files open at the cut are dead (OSError EBADF after).
#
# statvfs() answers as MicroPython's os.statvfs: a Pico's filesystem (352 blocks of 4 KB) or
# the capacity set, its free blocks what the files in root_dir leave (their bytes, not rounded
# to blocks), and no more than fill() allows.
#
# Not modelled: LittleFS's copy-on-write (there, data since the last flush/close vanishes
# whole; here a torn prefix stays, which is the harsher case for a line-based journal), wear,
# erase blocks, mkdir (paths are relative to root_dir: "/journal.log" and "journal.log" are the
# same file; ".." is refused).
#
# Plain Python that also runs under MicroPython (os.rename/remove/stat/listdir and open, an
# own xorshift generator instead of random), so the portable suite runs on both; the whole-
# unit power-cut sweeps run on CPython.
import os

EBADF = 9
ENOSPC = 28
BLOCK = 4096  # statvfs's block: a Pico's flash sector
PICO_BYTES = 352 * BLOCK  # the Pico's 1408 KB filesystem


def empty_dir(path):
    """Make `path` an empty folder (created if missing); returns it. For tests and the bench."""
    try:
        for name in os.listdir(path):
            os.remove(path + "/" + name)
    except OSError:
        os.mkdir(path)
    return path


class PowerCut(BaseException):
    """The power failed. A BaseException, like KeyboardInterrupt: firmware code that catches
    OSError or Exception must not be able to swallow it, since nothing runs after a cut."""


class _Xorshift:
    """32-bit xorshift: the same numbers on CPython and MicroPython for the same seed."""

    def __init__(self, seed):
        self.state = ((seed * 2654435761) ^ 0x9E3779B9) & 0xFFFFFFFF or 1

    def next(self):
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x


class VirtualFlash:
    """open/rename/remove/stat/listdir over `root_dir`, with cut_after(n) and fill(n)."""

    def __init__(self, root_dir, seed=0):
        self.root = root_dir.rstrip("/") or "/"
        self.seed = seed
        self._rng = _Xorshift(seed)
        self.powered = True
        self.boots = 1  # files opened before a cut belong to an earlier boot
        self.write_points = 0  # write points reached since power-up, a cut one included
        self.bytes_written = 0  # bytes that reached the flash, torn prefixes included
        self.cuts = 0
        self.last_cut = None  # what the last cut interrupted, e.g. ("write", path, 3, 40)
        self.free_bytes = None  # None: room for everything; else what still fits
        self.capacity_bytes = None  # None: no bound on the files' total; else that bound
        self._cut_at = 0  # write_points value that is cut; 0: none armed
        self._open = []  # FlashFile objects not yet closed

    # ---- faults ----------------------------------------------------------------------------

    def cut_after(self, n):
        """Let n - 1 more write points complete; the n-th does not. cut_after(None) disarms."""
        if n is None:
            self._cut_at = 0
            return
        if n < 1:
            raise ValueError("cut_after(n) needs n >= 1")
        self._cut_at = self.write_points + n

    def restore_power(self):
        """Power back on: open files from before are dead, a pending cut is disarmed."""
        self.powered = True
        self._cut_at = 0

    def fill(self, limit_bytes):
        """Only `limit_bytes` more bytes fit (None: no limit). A write that does not fit
        stores what does and raises OSError(ENOSPC). Removing files gives nothing back."""
        if limit_bytes is not None and limit_bytes < 0:
            raise ValueError("limit_bytes must be >= 0 or None")
        self.free_bytes = limit_bytes

    def capacity(self, total_bytes):
        """The files in root_dir may take `total_bytes` in all (None: no bound): a write past
        it stores nothing and raises OSError(ENOSPC), as on LittleFS, whose files change only
        at sync and close; removing a file gives its bytes back."""
        self.capacity_bytes = total_bytes

    def used_bytes(self):
        total = 0
        for name in os.listdir(self.root):
            total += os.stat(self.root + "/" + name)[6]
        return total

    def room(self):
        """Bytes that still fit: the capacity's and fill()'s bounds; None: no bound."""
        room = self.free_bytes
        if self.capacity_bytes is not None:
            left = max(0, self.capacity_bytes - self.used_bytes())
            room = left if room is None else min(room, left)
        return room

    # ---- the filesystem --------------------------------------------------------------------

    def statvfs(self, path=""):
        """bsize, frsize, blocks, bfree, bavail, files, ffree, favail, flag, namemax."""
        self._check_power()
        size = PICO_BYTES if self.capacity_bytes is None else self.capacity_bytes
        room = self.room()
        if room is None:
            room = max(0, size - self.used_bytes())
        return (BLOCK, BLOCK, size // BLOCK, room // BLOCK, room // BLOCK, 0, 0, 0, 0, 255)

    def open(self, path, mode="r"):
        self._check_power()
        for char in mode:
            if char not in "rwaxbt+":
                raise ValueError("invalid mode: " + mode)
        writable = "w" in mode or "a" in mode or "x" in mode or "+" in mode
        real_mode = mode.replace("t", "").replace("b", "") + "b"
        handle = open(self._real(path), real_mode)  # noqa: SIM115 - FlashFile closes it
        flash_file = FlashFile(self, handle, path, writable, "b" not in mode)
        self._open.append(flash_file)
        return flash_file

    def rename(self, src, dst):
        self._metadata_point("rename", src, dst, os.rename, (self._real(src), self._real(dst)))

    def remove(self, path):
        self._metadata_point("remove", path, None, os.remove, (self._real(path),))

    def stat(self, path):
        """MicroPython's 10-tuple: mode, ino, dev, nlink, uid, gid, size, atime, mtime, ctime."""
        self._check_power()
        return tuple(os.stat(self._real(path)))

    def listdir(self, path=""):
        self._check_power()
        return sorted(os.listdir(self._real(path)))

    # ---- inside ----------------------------------------------------------------------------

    def _real(self, path):
        parts = [part for part in path.split("/") if part and part != "."]
        if ".." in parts:
            raise ValueError("path leaves the flash: " + path)
        if not parts:
            return self.root
        return self.root + "/" + "/".join(parts)

    def _check_power(self):
        if not self.powered:
            raise PowerCut("the power is off")

    def _write_point(self):
        """Count one write point; True if it is the one that is cut."""
        self._check_power()
        self.write_points += 1
        return self.write_points == self._cut_at

    def _cut(self, what):
        """The power fails now: every open file dies with it."""
        self.powered = False
        self._cut_at = 0
        self.cuts += 1
        self.boots += 1
        self.last_cut = what
        for flash_file in self._open:
            flash_file._release()
        self._open = []
        raise PowerCut("power cut at write point %d" % self.write_points)

    def _metadata_point(self, kind, path, other, action, arguments):
        if not self._write_point():
            action(*arguments)
            return
        happened = self._rng.next() & 1 == 1
        if happened:
            try:
                action(*arguments)
            except OSError:
                happened = False  # it would have failed anyway
        self._cut((kind, path, other, happened))

    def _torn_length(self, n):
        """How much of an n-byte write reaches the flash when the power fails during it."""
        if n <= 1:
            return 0
        pick = self._rng.next()
        if pick & 3 == 0:
            return 0  # nothing
        if pick & 3 == 1:
            return n - 1  # all but the last byte
        return (pick >> 2) % n  # anything short of the whole


class FlashFile:
    """A file on the virtual flash; read/write/flush/close and `with`, binary or text."""

    def __init__(self, flash, handle, path, writable, text):
        self.flash = flash
        self.path = path
        self.writable = writable
        self.text = text
        self._handle = handle
        self._boot = flash.boots
        self.closed = False

    def _check(self):
        self.flash._check_power()
        if self.closed or self._boot != self.flash.boots:
            raise OSError(EBADF)

    def _release(self):
        if self._handle is not None:
            self._handle.close()
            self._handle = None
        self.closed = True

    # ---- writing ---------------------------------------------------------------------------

    def write(self, data):
        self._check()
        if not self.writable:
            raise OSError(EBADF)
        raw = data.encode() if self.text else bytes(data)
        flash = self.flash
        n = len(raw)
        cut = flash._write_point()
        keep = flash._torn_length(n) if cut else n
        room = flash.room()
        full = room is not None and keep > room
        if full:  # fill(): what fits stays; a capacity: nothing (as LittleFS, until sync)
            keep = room if flash.capacity_bytes is None else 0
        if keep:
            self._handle.write(raw[:keep])
            self._handle.flush()  # through to the real file: it is what the flash holds
        flash.bytes_written += keep
        if flash.free_bytes is not None:
            flash.free_bytes -= keep
        if cut:
            flash._cut(("write", self.path, keep, n))
        if full:
            raise OSError(ENOSPC)
        return len(data)

    def flush(self):
        self._check()
        if self.writable and self.flash._write_point():
            self.flash._cut(("flush", self.path, None, False))

    def close(self):
        # A file from before a cut (or closed already) closes silently, so cleanup code such as
        # `finally: f.close()` running while a PowerCut propagates cannot replace it.
        if self.closed or self._boot != self.flash.boots:
            self._release()  # closing twice, or a file from before a cut: nothing to do
            return
        self.flash._check_power()
        cut = self.writable and self.flash._write_point()
        self._release()
        self.flash._open.remove(self)
        if cut:
            self.flash._cut(("close", self.path, None, False))

    # ---- reading ---------------------------------------------------------------------------

    def _out(self, raw):
        return raw.decode() if self.text else raw

    def read(self, size=-1):
        self._check()
        if size is None or size < 0:
            return self._out(self._handle.read())
        return self._out(self._handle.read(size))

    def readinto(self, buf):
        self._check()
        return self._handle.readinto(buf)

    def readline(self):
        self._check()
        return self._out(self._handle.readline())

    def seek(self, offset, whence=0):
        self._check()
        return self._handle.seek(offset, whence)

    def tell(self):
        self._check()
        return self._handle.tell()

    def __iter__(self):
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        if exc_type is not None and issubclass(exc_type, PowerCut):
            self._release()  # the board is dead: let the PowerCut itself propagate
            return False
        self.close()
        return False
