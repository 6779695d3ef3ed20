# Real LittleFS (the C library, through littlefs-python) on a simulated NOR flash that counts
# block programs and erases and can lose power at any one of them. CPython only.
#
#   flash = LittleFSFlash.pico()              # MicroPython's rp2 filesystem: 352 blocks of 4 KB
#   Store(flash).append([...])                # the store's calls: open/rename/remove/listdir
#   flash.chip.cut_at(flash.chip.operations + 5)   # the 5th program or erase from now is torn
#   flash = flash.remount()                   # after PowerCut: mount what reached the chip
#
# The chip behaves as NOR flash does: an erase sets a 4 KB block to 0xFF, a program can only
# clear bits (new = old AND data). At the cut, a program stores a seeded prefix of its bytes
# (nothing, all but the last, or a length between) and an erase sets a seeded prefix of the
# block to 0xFF, leaving the rest as it was; from then on the chip does nothing and the store's
# next call raises PowerCut (a BaseException: the firmware cannot catch it, as nothing runs
# after a real cut). LittleFS never sees a Python exception from the chip: littlefs-python
# swallows them, so a dead chip answers LFS_ERR_IO and the adapter raises PowerCut instead.
#
# Written against littlefs-python's low-level `lfs` calls rather than its io wrapper: that
# wrapper closes a file again when it is garbage-collected after a failed close, which trips
# an assertion in the C library and aborts the interpreter.
import io

from littlefs import LittleFSError, UserContext, lfs

from peripherals.flash import PowerCut, _Xorshift

ENOENT = 2
EIO = 5
LFS_ERR_IO = -5

# MicroPython's rp2 port: ports/rp2/modules/_boot.py mounts VfsLfs2(bdev, progsize=256) on the
# rp2.Flash block device (4096-byte blocks; 1408 KB on a Pico = 352 blocks, 848 KB on a
# Pico W = 212). extmod/vfs_lfsx.c fills in the rest: readsize 32 and lookahead 32 (the
# defaults), block_cycles 100, cache_size 4 * max(readsize, progsize) = 1024.
FLAG = lfs.LFSFileFlag
MODES = {  # as MicroPython's vfs_lfsx_file.c opens them
    "r": FLAG.rdonly,
    "w": FLAG.wronly | FLAG.creat | FLAG.trunc,
    "a": FLAG.wronly | FLAG.creat | FLAG.append,
    "x": FLAG.wronly | FLAG.creat | FLAG.excl,
}

PICO_BLOCKS = 352
PICO_W_BLOCKS = 212
RP2_CONFIG = {
    "block_size": 4096,
    "read_size": 32,
    "prog_size": 256,
    "cache_size": 1024,
    "lookahead_size": 32,
    "block_cycles": 100,
}


class NorChip(UserContext):
    """The block device: a bytearray of blocks, with counters and one armed power cut."""

    def __init__(self, block_size: int, block_count: int, seed: int = 0) -> None:
        super().__init__(buffer=bytearray(b"\xff" * (block_size * block_count)))
        self.block_size = block_size
        self.block_count = block_count
        self.rng = _Xorshift(seed)
        self.programs = 0
        self.erases = 0
        self.program_bytes = 0
        self.erases_by_block = [0] * block_count
        self.operations = 0  # programs + erases since power-up, the cut one included
        self.powered = True
        self.last_cut: tuple | None = None  # ("program", block, off, kept, size) or ("erase", ...)
        self._cut_at = 0

    def cut_at(self, operation: int | None) -> None:
        """Tear the operation-th program or erase (counted like self.operations); None: none."""
        self._cut_at = operation or 0

    def _cutting(self) -> bool:
        self.operations += 1
        return self.operations == self._cut_at

    def _torn_length(self, size: int) -> int:
        roll = self.rng.next() % 4
        if roll == 0 or size < 2:
            return 0
        if roll == 1:
            return size - 1
        return self.rng.next() % size

    def read(self, cfg, block: int, off: int, size: int) -> bytearray:
        start = block * self.block_size + off
        return self.buffer[start : start + size]

    def prog(self, cfg, block: int, off: int, data: bytes) -> int:
        if not self.powered:
            return LFS_ERR_IO
        self.programs += 1
        self.program_bytes += len(data)
        size = len(data)
        if self._cutting():
            size = self._torn_length(size)
            self.last_cut = ("program", block, off, size, len(data))
            self.powered = False
        start = block * self.block_size + off
        for i in range(size):
            self.buffer[start + i] &= data[i]  # NOR: a program only clears bits
        return 0 if self.powered else LFS_ERR_IO

    def erase(self, cfg, block: int) -> int:
        if not self.powered:
            return LFS_ERR_IO
        self.erases += 1
        self.erases_by_block[block] += 1
        size = self.block_size
        if self._cutting():
            size = self._torn_length(size)
            self.last_cut = ("erase", block, 0, size, self.block_size)
            self.powered = False
        start = block * self.block_size
        self.buffer[start : start + size] = b"\xff" * size
        return 0 if self.powered else LFS_ERR_IO

    def sync(self, cfg) -> int:
        return 0 if self.powered else LFS_ERR_IO


class LittleFSFlash:
    """The store's filesystem calls (open, rename, remove, listdir, stat, statvfs) on LittleFS."""

    def __init__(self, chip: NorChip, config: dict | None = None, format: bool = True) -> None:
        self.chip = chip
        self.config = dict(config or RP2_CONFIG)
        self.config["block_count"] = chip.block_count
        self.cfg = lfs.LFSConfig(context=chip, **self.config)
        self.fs = lfs.LFSFilesystem()
        if format:
            self._call(lfs.format, self.fs, self.cfg)
        self._call(lfs.mount, self.fs, self.cfg)  # a failed mount raises: never re-formatted

    @classmethod
    def pico(cls, blocks: int = PICO_BLOCKS, seed: int = 0) -> "LittleFSFlash":
        return cls(NorChip(RP2_CONFIG["block_size"], blocks, seed))

    def remount(self, seed: int | None = None) -> "LittleFSFlash":
        """Power back on: a fresh mount of what reached the chip (the counters go on)."""
        chip = self.chip
        chip.powered = True
        chip.cut_at(None)
        if seed is not None:
            chip.rng = _Xorshift(seed)
        return LittleFSFlash(chip, self.config, format=False)

    def _call(self, function, *args):
        if not self.chip.powered:
            raise PowerCut("the power is off")
        try:
            result = function(*args)
        except LittleFSError as error:
            if not self.chip.powered:
                raise PowerCut("the power failed in LittleFS") from None
            raise OSError(-error.code, error.name) from None
        if not self.chip.powered:
            raise PowerCut("the power failed in LittleFS")
        return result

    # ---- the store's calls ---------------------------------------------------------------

    def open(self, path: str, mode: str = "r") -> "LittleFSFile | io.BytesIO":
        mode = mode.replace("b", "").replace("t", "")
        handle = self._call(lfs.file_open, self.fs, path, MODES[mode])
        if mode != "r":
            return LittleFSFile(self, handle)
        # Read whole at once (the store's files are small): the store reads line by line.
        size = self._call(lfs.file_size, self.fs, handle)
        data = self._call(lfs.file_read, self.fs, handle, size)
        self._call(lfs.file_close, self.fs, handle)
        return io.BytesIO(data)

    def rename(self, src: str, dst: str) -> None:
        self._call(lfs.rename, self.fs, src, dst)

    def remove(self, path: str) -> None:
        self._call(lfs.remove, self.fs, path)

    def stat(self, path: str) -> tuple:
        info = self._call(lfs.stat, self.fs, path)
        return (0o100000, 0, 0, 0, 0, 0, info.size, 0, 0, 0)

    def statvfs(self, path: str = "/") -> tuple:
        """As MicroPython's VfsLfs2 answers os.statvfs: block size (twice), block count, free
        blocks (twice: LittleFS's count of blocks in use, lfs_fs_size, taken from the device),
        then zeros and the longest name."""
        size = self.chip.block_size
        free = self.chip.block_count - self._call(lfs.fs_size, self.fs)
        return (size, size, self.chip.block_count, free, free, 0, 0, 0, 0, 255)

    def listdir(self, path: str = "/") -> list:
        handle = self._call(lfs.dir_open, self.fs, path)
        names = []
        while True:
            info = self._call(lfs.dir_read, self.fs, handle)
            if info is None:
                break
            if info.name not in (".", ".."):
                names.append(info.name)
        self._call(lfs.dir_close, self.fs, handle)
        return sorted(names)

    def read_file(self, path: str) -> bytes:
        with self.open(path, "rb") as handle:
            return handle.read()

    def write_file(self, path: str, data: bytes) -> None:
        with self.open(path, "wb") as handle:
            handle.write(data)


class LittleFSFile:
    """A LittleFS file open for writing: write, flush (LittleFS's sync), close."""

    def __init__(self, flash: LittleFSFlash, handle) -> None:
        self.flash = flash
        self.handle = handle
        self.closed = False

    def __enter__(self) -> "LittleFSFile":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def write(self, data: bytes) -> int:
        return self.flash._call(lfs.file_write, self.flash.fs, self.handle, bytes(data))

    def flush(self) -> None:
        self.flash._call(lfs.file_sync, self.flash.fs, self.handle)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True  # LittleFS forgets the file even when its close fails
        if self.flash.chip.powered:
            self.flash._call(lfs.file_close, self.flash.fs, self.handle)
