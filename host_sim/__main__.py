"""python -m host_sim: the terminal UI; python -m host_sim run SCRIPT: a scripted game."""

import argparse
import sys

import host_sim  # noqa: F401  (puts the firmware and the stand-ins on sys.path)
from app.editions import DEFAULT, EDITIONS


def main(argv: list | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host_sim", description=__doc__)
    parser.add_argument(
        "--edition",
        default=None,
        choices=EDITIONS,
        help="default: %s, or the script's own `edition` line" % DEFAULT,
    )
    parser.add_argument("--board", default="pico", choices=("pico", "pico_w", "pico2"))
    parser.add_argument(
        "--flash-dir",
        default=None,
        help="keep the unit's flash in this folder, between runs (a new or empty folder, or "
        "one a unit wrote; its game goes on, in its own edition)",
    )
    parser.add_argument(
        "--export-dir",
        default=".",
        help="where the terminal UI's E key writes the game's CSV and chart (default: here)",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting, as the unit's settings menu sets it (repeatable): players=4, go=1M ...",
    )
    parser.add_argument(
        "--summary", action="store_true", help="show the settings summary at power-on"
    )
    commands = parser.add_subparsers(dest="command")
    run = commands.add_parser("run", help="run a plain-text script, one JSON line per step")
    run.add_argument("script")
    export = commands.add_parser(
        "export", help="a unit's game from its flash files: a CSV and/or a chart (PNG)"
    )
    export.add_argument("folder", help="a `make pull` copy of data/, or a simulator flash_dir")
    export.add_argument("--csv", help="one row per transaction, balances after it")
    export.add_argument("--chart", help="balances (Stock Exchange: prices, TOTALs) as a PNG")
    options = parser.parse_args(argv)
    if options.command == "export":
        return _export(parser, options)
    unit_options: dict = {"edition": options.edition, "board": options.board}
    if options.command != "run" and options.edition is None:
        unit_options["edition"] = DEFAULT
    kept = None  # the edition of the game a kept flash folder holds
    if options.flash_dir:
        try:
            kept = flash_edition(options.flash_dir)
        except ValueError as error:
            parser.exit(2, "python -m host_sim: %s\n" % error)
        if kept is not None and options.edition not in (None, kept):
            parser.exit(
                2,
                "python -m host_sim: %s holds a game of %s: leave --edition out (EDITION=) to "
                "go on with it, or give another folder for %s\n"
                % (options.flash_dir, kept, options.edition),
            )
        if kept is not None:
            unit_options["edition"] = kept
        unit_options["flash_dir"] = options.flash_dir
    if options.summary:
        unit_options["boot_summary"] = True
    if options.set:
        from host_sim.virtual_unit import VirtualUnitError, parse_assignments

        try:
            unit_options["settings"] = parse_assignments(options.set)
        except VirtualUnitError as error:
            parser.exit(2, "python -m host_sim: %s\n" % error)
    if options.command == "run":
        from host_sim.script import run_script

        return run_script(options.script, sys.stdout, **unit_options)
    from host_sim.tui import run_tui

    unit_options.setdefault("boot_summary", True)  # a person watches: as on the device
    if options.flash_dir and _is_new(options.flash_dir):  # kept: it names its edition from now on
        unit_options.setdefault("settings", {}).setdefault("edition", unit_options["edition"])
    run_tui(export_dir=options.export_dir, **unit_options)
    return 0


# The names of a unit's files on its flash (store.generations, store.store, app.config).
UNIT_FILES = ("snap.", "log.", "mark.", "set.")


def _is_new(folder: str) -> bool:
    import os

    return not os.path.isdir(folder) or not os.listdir(folder)


def flash_edition(folder: str) -> str | None:
    """The edition of the game a kept flash folder holds, as its settings file names it (None:
    a new or empty folder, or one whose files do not say); ValueError, with the reason, for a
    path that is no folder or a folder with files no unit wrote (they would be taken for
    the unit's, or the unit's files mixed among them)."""
    import os

    if not os.path.exists(folder):
        return None
    if not os.path.isdir(folder):
        raise ValueError("--flash-dir %s is a file, not a folder" % folder)
    names = sorted(os.listdir(folder))
    foreign = [name for name in names if not name.startswith(UNIT_FILES)]
    if foreign:
        raise ValueError(
            "--flash-dir %s holds files no unit wrote (%s): give a new or empty folder, or one "
            "a unit wrote (snap.N, log.N, mark.N, set.N)"
            % (folder, ", ".join(foreign[:3]) + (" ..." if len(foreign) > 3 else ""))
        )
    if not names:
        return None
    from host_sim.history import open_folder, settings_edition

    return settings_edition(open_folder(folder))


def _export(parser, options) -> int:
    from host_sim.history import ExportError, export
    from host_sim.tui_export import export_summary

    if not options.csv and not options.chart:
        parser.exit(2, "python -m host_sim export: give --csv FILE and/or --chart FILE\n")
    try:
        done = export(options.folder, options.csv, options.chart, options.edition)
    except (ExportError, OSError) as error:
        parser.exit(2, "python -m host_sim export: %s\n" % error)
    print(export_summary(done, bool(options.chart)))
    if "from" in done:
        print(done["from"])  # the oldest generations were removed on the unit: where it begins
    return 0


if __name__ == "__main__":
    sys.exit(main())
