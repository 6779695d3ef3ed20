# Virtual keypad matrix without diodes: switches between row and column wires, read through Pins.
# A column pin reads low when a chain of closed switches joins it to a row driven low (that is
# how ghost keys happen); otherwise its pull-up holds it high. Contacts can chatter on demand.


class KeypadMatrix:
    def __init__(self, rows, cols, keymap):
        self.rows = list(rows)
        self.cols = list(cols)
        self.keymap = keymap
        n_rows = len(self.rows)
        n_cols = len(self.cols)
        self._pressed = [0] * n_rows  # per row, one bit per column: the finger's intent
        self._closed = [0] * n_rows  # per row: contacts closed right now (differs while bouncing)
        self._chatter = [0] * (n_rows * n_cols)  # reads left of bouncing, per switch
        self._bouncing = 0  # how many switches still chatter
        self._moves = 0  # counts every change of the switches (see steady)
        self.reads = 0
        for c in range(n_cols):
            self.cols[c].source = self._column_source(c)

    def _column_source(self, c):
        def read(pin):
            return self._read_column(c, pin)

        return read

    def position(self, key):
        """(row, column) of a key name in the keymap."""
        for r in range(len(self.keymap)):
            for c in range(len(self.keymap[r])):
                if self.keymap[r][c] == key:
                    return r, c
        raise KeyError(key)

    def press(self, key):
        r, c = self.position(key)
        self.press_at(r, c)

    def release(self, key):
        r, c = self.position(key)
        self.release_at(r, c)

    def press_at(self, r, c):
        self._moves += 1
        self._pressed[r] |= 1 << c
        if not self._chatter[r * len(self.cols) + c]:
            self._closed[r] |= 1 << c

    def release_at(self, r, c):
        self._moves += 1
        self._pressed[r] &= ~(1 << c)
        if not self._chatter[r * len(self.cols) + c]:
            self._closed[r] &= ~(1 << c)

    def release_all(self):
        self._moves += 1
        for r in range(len(self.rows)):
            self._pressed[r] = 0
            self._closed[r] = 0
        for i in range(len(self._chatter)):
            self._chatter[i] = 0
        self._bouncing = 0

    def steady(self):
        """None while a contact chatters (each read changes it); otherwise a number that stays
        the same as long as no switch moves: a scanner driving the same rows in the same order
        reads the same again, and may skip its reads."""
        if self._bouncing:
            return None
        return self._moves

    def bounce(self, key, reads):
        """The key's contact chatters (flips open/closed) on each of the next `reads` reads of it
        (its column read while its row is driven low: one per scan), then settles where the
        finger left it. press()/release() may come before or during the chatter."""
        r, c = self.position(key)
        i = r * len(self.cols) + c
        if reads > 0:
            self._moves += 1
            if not self._chatter[i]:
                self._bouncing += 1
            self._chatter[i] = reads + 1  # the read after the last flip settles

    def _settle_column(self, c, driven_rows):
        mask = 1 << c
        n_cols = len(self.cols)
        for r in range(len(self.rows)):
            i = r * n_cols + c
            left = self._chatter[i]
            if left and driven_rows & (1 << r):
                left -= 1
                self._chatter[i] = left
                if left:
                    self._closed[r] ^= mask  # the contact flips on every read while it chatters
                else:
                    self._bouncing -= 1
                    self._closed[r] = (self._closed[r] & ~mask) | (self._pressed[r] & mask)

    def _read_column(self, c, pin):
        self.reads += 1
        rows = self.rows
        closed = self._closed
        reached_rows = 0
        for r in range(len(rows)):
            row = rows[r]
            if row.level_out == 0 and (row.mode == row.OUT or row.mode == row.OPEN_DRAIN):
                reached_rows |= 1 << r
        if self._bouncing:
            self._settle_column(c, reached_rows)
        # Spread low through closed switches: rows -> columns -> rows ... until nothing new.
        reached_cols = 0
        for _ in range(len(rows) + len(self.cols)):
            more_cols = reached_cols
            for r in range(len(rows)):
                if reached_rows & (1 << r):
                    more_cols |= closed[r]
            more_rows = reached_rows
            for r in range(len(rows)):
                if closed[r] & more_cols:
                    more_rows |= 1 << r
            if more_cols == reached_cols and more_rows == reached_rows:
                break
            reached_cols = more_cols
            reached_rows = more_rows
        if reached_cols & (1 << c):
            return 0
        if pin.pull == pin.PULL_UP:
            return 1
        return 0  # no pull-up: the input floats; read as low so the wiring mistake shows
