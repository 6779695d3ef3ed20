# micropython.const, and on CPython a stand-in that returns its argument.
#
# Firmware files take `const` from here (`from compat.const import const`) rather than each
# repeating this try/except. mpy-cross still folds them: the compiler replaces `NAME = const(x)`
# and every use of NAME in the same file by the value, recognising `const` by its name alone,
# wherever the name comes from, so no `from micropython import const` is needed in that file.
# `_NAME = const(x)` also leaves no global behind. Measured on mpy-cross 1.28 (`make mpy-check`):
# a file that imports from here compiles 20 bytes smaller than one carrying the try/except.
try:
    from micropython import const
except ImportError:

    def const(x):  # type: ignore[misc, no-redef]  # CPython: no micropython module
        return x
