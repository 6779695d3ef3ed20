# The board's filesystem (LittleFS on the Pico) behind the few calls the store makes.
import os


class DeviceFS:
    """open/rename/remove/listdir/stat inside one directory of the board's filesystem."""

    def __init__(self, directory: str = "data") -> None:
        self.directory = directory
        try:
            os.mkdir(directory)
        except OSError as error:
            if error.args[0] != 17:  # EEXIST: there already
                raise

    def _path(self, name: str) -> str:
        return self.directory + "/" + name

    def open(self, name: str, mode: str):
        return open(self._path(name), mode)

    def rename(self, src: str, dst: str) -> None:
        os.rename(self._path(src), self._path(dst))  # atomic on LittleFS, replaces dst

    def remove(self, name: str) -> None:
        os.remove(self._path(name))

    def listdir(self) -> list:
        return os.listdir(self.directory)

    def stat(self, name: str) -> tuple:
        return os.stat(self._path(name))  # [6]: the size in bytes

    def statvfs(self) -> tuple:
        return os.statvfs(self.directory)  # [1] * [2]: the filesystem's size in bytes
