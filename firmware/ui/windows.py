# The windows a partial draw leaves for the display to send: one layout, one bytearray per canvas.
#
# Byte COUNT: how many windows; from byte 1, up to 4 windows of 4 bytes (first page, last page,
# first column, last column); byte COVERED: 1 when those windows hold every change the draw
# made (else display.show() must follow and finds the rest); from byte SPANS to SIZE, what
# ui.render keeps there (the columns its title, bottom and big text hold). ui.render makes the
# bytearray once per Screen and the Stock Exchange's drawer writes into the same one: a draw
# sets COUNT to 0 and COVERED to whether its changes start out as held, then adds windows.
from compat.const import const

COUNT = const(0)
COVERED = const(17)
SPANS = const(18)
SIZE = const(24)
_MOST = const(4)


def add_window(windows, first: int, last: int, left: int, right: int) -> None:
    """Pages first..last, columns left..right (none when left > right). A fifth window is not
    kept: the windows then no longer hold every change."""
    if left > right:
        return
    count = windows[COUNT]
    if count >= _MOST:
        windows[COVERED] = 0
        return
    at = 1 + 4 * count
    windows[at] = first
    windows[at + 1] = last
    windows[at + 2] = left
    windows[at + 3] = right
    windows[COUNT] = count + 1


def send_windows(windows, display) -> bool:
    """display.show_window() of each window; True when they hold every change (and there was
    one at least: without a window, display.show() is what sends a frame the panel needs)."""
    count = windows[COUNT]
    if not count:
        return False
    for at in range(1, 1 + 4 * count, 4):
        display.show_window(windows[at + 2], windows[at + 3], windows[at], windows[at + 1])
    return windows[COVERED] == 1
