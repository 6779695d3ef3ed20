"""The firmware's modules compiled once per process, by their source text, however often imported.

The firmware lets go of the modules it is done with (app.memory.forget_module: the settings
menu, the Banker's seldom actions, the PIO program once loaded) and imports them again when it
needs them, on every boot of every VirtualUnit. Where no .pyc is written (PYTHONDONTWRITEBYTECODE,
or a read-only tree) CPython compiles the source at each import again: a quarter of the CPU time
of a simulator test. Here the code object is kept by (source bytes, path): a changed file
compiles anew, an unchanged one is the same code as a fresh compile would give.
"""

import functools
import importlib.machinery
import os
import sys


@functools.cache
def _compiled(source: bytes, path: str):
    return compile(source, path, "exec", dont_inherit=True)


class CachedSourceLoader(importlib.machinery.SourceFileLoader):
    """SourceFileLoader whose compile step is _compiled (the .pyc files are used as before)."""

    def source_to_code(self, data, path, *, _optimize=-1):
        if _optimize != -1:
            return super().source_to_code(data, path, _optimize=_optimize)
        return _compiled(bytes(data), path)


def install(root: str) -> None:
    """Modules found in `root` or the folders below it load through CachedSourceLoader."""
    finder = importlib.machinery.FileFinder.path_hook(
        (CachedSourceLoader, importlib.machinery.SOURCE_SUFFIXES)
    )

    def hook(path: str):
        if path != root and not path.startswith(root + os.sep):
            raise ImportError("not under " + root)  # the next hook's, as before
        return finder(path)

    if any(getattr(known, "root", None) == root for known in sys.path_hooks):
        return
    hook.root = root  # type: ignore[attr-defined]
    sys.path_hooks.insert(0, hook)
    for path in list(sys.path_importer_cache):  # finders made before: made again, by the hook
        if path == root or path.startswith(root + os.sep):
            del sys.path_importer_cache[path]
