# The display's canvas for the bench's "calls" run: counts the drawing calls the firmware makes.
# A module of its own, imported only in that run, so that it takes no heap in the others. The
# device-time cost of a render follows these calls (tools/bench/devicetime.py); the simulator
# counts the same list (host_sim/device_time.py CANVAS_CALLS).

CANVAS_CALLS = ("fill", "fill_rect", "hline", "vline", "rect", "pixel", "text", "blit", "line")


class CountingCanvas:
    """Wraps the display's canvas; `calls` counts the drawing calls made on it. `tally`: another
    CountingCanvas whose `calls` counts these calls too (the display's page view: ui.render
    draws whole-page regions, big glyphs and lines of small text through it)."""

    def __init__(self, inner, tally=None):
        self._inner = inner
        self._tally = self if tally is None else tally
        self.calls = 0

    def __getattr__(self, name):
        return getattr(self._inner, name)


def _counted(name):
    def method(self, *args):
        self._tally.calls += 1
        return getattr(self._inner, name)(*args)

    return method


for _name in CANVAS_CALLS:
    setattr(CountingCanvas, _name, _counted(_name))
