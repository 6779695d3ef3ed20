# Where a keypress's fuel goes: the bench's game on WASI, chosen firmware functions wrapped.
#
#   .venv/bin/python tools/bench/profile.py EDITION module:name [module:Class.method ...]
#       [--keys digits|all] [--worst N] [--build DIR] [--lang fr]
#
# Prints, for the N costliest keypresses of the kind asked (as bench.py counts them: the event
# scans, the renders that sent, the keypad drains), each wrapped function's calls, inclusive
# and self fuel and device microseconds (fuel / 200, issue 14's calibration). A wrapped call's
# own marks cost its caller fuel; that cost (calibrated in the run, "_cal") is taken off the
# caller's inclusive figure. Fuel spent outside any wrapped function shows as "(rest)".
# A development tool, not run by the suite (a run takes about 25 s).
import argparse
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import devicetime  # noqa: E402

import bench  # noqa: E402


class ProfileMeter(bench.Meter):
    """bench.Meter, plus the wrapped functions' "p" (enter) and "q" (leave) marks."""

    def __init__(self, store) -> None:
        super().__init__(store)
        self.paused_total = 0
        self.pause_start = 0
        self.stack: list = []  # [label, fuel at entry, paused at entry, children's inclusive]
        self.per_call = 0  # what one wrapped call costs its caller, from "_cal"
        self.key: dict = {}  # label -> [calls, inclusive, self] in the open key group
        self.pending: dict = {}  # the same, in the measurement running ("b" to "e")
        self.keys: list = []  # (payload, group sums, key profile)

    def mark(self, op: str, payload: str) -> None:
        fuel = self.store.get_fuel()
        if op == "x":
            self.pause_start = fuel
        elif op == "y":
            self.paused_total += self.pause_start - fuel
        if op == "p":
            self.stack.append([payload, fuel, self.paused_total, 0, 0])
            return
        if op == "q":
            label, start, paused, children, nested = self.stack.pop()
            inclusive = start - fuel - (self.paused_total - paused) - nested * self.per_call
            if label == "_cal":
                self.per_call = inclusive // 20
                return
            if self.stack:
                self.stack[-1][3] += inclusive
                self.stack[-1][4] += 1
            if label == "_noop":
                return
            row = self.pending.setdefault(label, [0, 0, 0])
            row[0] += 1
            row[1] += inclusive
            row[2] += inclusive - children
            return
        if op == "o" and payload == "key":
            self.key = {}
        if op == "b":
            self.pending = {}
        elif op == "e" and payload in KEY_LABELS:  # as key_fuel(): part of the keypress
            self._count(self.pending)
        elif op == "l" and payload in KEY_LABELS and self.last not in KEY_LABELS:
            self._count(self.pending)  # relabelled: a scan that delivered an event, say
        super().mark(op, payload)
        if op == "g" and payload.startswith("key "):
            self.keys.append((payload, self.groups[-1][1], self.key))
            self.key = {}

    def _count(self, rows: dict) -> None:
        for label, (calls, inclusive, own) in rows.items():
            row = self.key.setdefault(label, [0, 0, 0])
            row[0] += calls
            row[1] += inclusive
            row[2] += own


KEY_LABELS = ("S", "R", "K", "H", "D")  # bench.fuel_figures: what a keypress costs


def key_fuel(sums: dict) -> int:
    return sum(sums.get(label, 0) for label in KEY_LABELS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("edition")
    parser.add_argument("names", nargs="+", help="module:name or module:Class.method")
    parser.add_argument("--keys", default="digits", choices=("digits", "all"))
    parser.add_argument("--worst", type=int, default=3)
    parser.add_argument("--transactions", type=int, default=bench.QUICK_TRANSACTIONS)
    parser.add_argument("--build", default=str(bench.ROOT / "build" / "mpy-profile"))
    parser.add_argument("--lang", default="en", choices=bench.languages())
    args = parser.parse_args()
    build = pathlib.Path(args.build)
    bench.compile_tree(build)
    spoken = bench.language(args.edition, args.lang)
    code = bench.guest_code(
        "/b",
        args.edition,
        args.transactions,
        "/flash/f",
        "loud",
        bench.QUICK_COMPACT_EVERY,
        lang=spoken,
    )
    code = code.replace("guest.main(", "guest.PROFILE = %r\nguest.main(" % (tuple(args.names),))
    wasi = bench.Wasi()
    outcome = wasi.run(
        build,
        args.edition,
        args.transactions,
        bench.FUEL_HEAP + (bench.FUEL_HEAP_SETTINGS if spoken is not None else 0),
        "loud",
        meter=ProfileMeter,
        code=code,
    )
    if not outcome.ok:
        sys.exit(outcome.stderr[-3000:] or outcome.stdout[-3000:])
    meter = outcome.meter
    keys = [k for k in meter.keys if args.keys == "all" or k[0].split()[1] in devicetime.DIGITS]
    keys.sort(key=lambda k: key_fuel(k[1]))
    print("per wrapped call, taken off its caller: %d fuel" % meter.per_call)
    print("%d keypresses; median %d fuel" % (len(keys), key_fuel(keys[len(keys) // 2][1])))
    for payload, sums, profile in [keys[len(keys) // 2]] + keys[-args.worst :]:
        total = key_fuel(sums)
        print("\n%s: %d fuel = %.0f us  (%s)" % (payload, total, total / 200, dict(sums)))
        rest = total - sum(row[2] for row in profile.values())
        rows = sorted(profile.items(), key=lambda item: -item[1][2])
        for label, (calls, inclusive, own) in rows:
            print(
                "  %-52s %3d calls  incl %6.0f us  self %6.0f us"
                % (label, calls, inclusive / 200, own / 200)
            )
        print("  %-52s            self %6.0f us" % ("(rest)", rest / 200))


if __name__ == "__main__":
    main()
