"""The game on a unit's flash written as `python -m host_sim export` writes it, a CSV and a
chart, into a folder under a name of its own: the terminal UI's export key (issue 33). Its
lines are English unless a `said` is given (tui_keys.KeyTable.said: the unit's language)."""

import os
import time

from host_sim.history import ExportError, export
from host_sim.tui_words import english


def plural(count: int, noun: str) -> str:
    """1 transaction, 2 transactions."""
    return "%d %s%s" % (count, noun, "" if count == 1 else "s")


def export_summary(done: dict, chart: bool, said=english) -> str:
    """What an export wrote, in a line: "electronic_banking: 1 transaction, 4 series on the
    chart" (in French "1 opération, 4 séries sur le graphique")."""
    line = "%s: %s" % (done["edition"], plural(done["rows"], said("transaction")))
    if chart:
        line += said(", %d series on the chart") % done["series"]
    return line


def export_game(
    flash_dir: str, folder: str, edition: str, now: float | None = None, said=english
) -> dict:
    """Write the CSV and the chart of the game in `flash_dir` into `folder` (made if missing),
    named after the edition and the time (electronic_banking-20250102-153000.csv and .png; a
    second export in the same second gets -2, -3 ...); returns export()'s dict with "csv",
    "chart" (absolute paths) and "summary" (export_summary's line, in `said`'s language).
    OSError (a folder that cannot be made or written) and history.ExportError propagate, with
    their reason."""
    if not os.listdir(flash_dir):
        raise ExportError("nothing to export yet: the unit has written no game")
    os.makedirs(folder, exist_ok=True)
    stem = os.path.join(
        os.path.abspath(folder),
        "%s-%s" % (edition, time.strftime("%Y%m%d-%H%M%S", time.localtime(now))),
    )
    base, n = stem, 1
    while os.path.exists(base + ".csv") or os.path.exists(base + ".png"):
        n += 1
        base = "%s-%d" % (stem, n)
    done = export(flash_dir, base + ".csv", base + ".png", edition)
    done.update(csv=base + ".csv", chart=base + ".png", summary=export_summary(done, True, said))
    return done
