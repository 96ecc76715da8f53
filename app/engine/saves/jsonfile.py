"""Reading a JSON file into a pydantic model, with errors that name the file and field;
writing a command's JSON file (a scenario) with a message when it cannot be written."""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, TypeVar

if TYPE_CHECKING:       # pydantic is imported when a file is validated, not with this module
    from pydantic import BaseModel

M = TypeVar("M", bound="BaseModel")


def read_text(path: Path, error: type[Exception]) -> str:
    """The text of ``path``, refusing without blocking what is not a regular file.

    The file is looked at (``stat``) before it is opened, so a folder, a named pipe or a
    device is refused at once instead of blocking the reader; a symbolic-link loop, a
    missing file or one that cannot be read all raise ``error`` naming the file.
    """
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except OSError as e:
        if e.errno == errno.ELOOP:
            raise error(f"{path}: a loop of symbolic links, not a file") from None
        raise error(f"{path}: cannot be read ({e.strerror or e})") from None
    if stat.S_ISDIR(st.st_mode):
        raise error(f"{path}: is a folder, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise error(f"{path}: not a regular file (a pipe, socket or device)")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # replaced since the stat
                raise error(f"{path}: not a regular file")
            data = f.read()
    except OSError as e:
        raise error(f"{path}: cannot be read ({e.strerror or e})") from None
    try:    # -sig: a byte order mark (Notepad, PowerShell) is no part of the JSON
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file") from None


def parse_json(text: str, where: str, error: type[Exception]) -> Any:
    """Parsed JSON; malformed, too deeply nested or absurd numbers raise ``error``."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if not text.strip():
            raise error(f"{where}: not valid JSON: the file is empty") from None
        # the text ended where more was due (a string left open is reported at its start)
        cut_off = e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string")
        raise error(f"{where}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})"
                    + ("; the file may be truncated" if cut_off else "")) from None
    except RecursionError:
        raise error(f"{where}: nested too deeply to be read") from None
    except ValueError as e:  # e.g. an integer of thousands of digits
        raise error(f"{where}: not usable JSON ({e})") from None


def read_json(path: Path, error: type[Exception]) -> Any:
    """The parsed JSON of ``path``; a missing, unreadable or malformed file raises ``error``."""
    return parse_json(read_text(path, error), str(path), error)


def validate(raw: Any, model: type[M], where: str, error: type[Exception]) -> M:
    """``raw`` checked against ``model``; the first fault raises ``error`` naming the field."""
    from pydantic import ValidationError
    try:
        return model.model_validate(raw)
    except RecursionError:
        raise error(f"{where}: nested too deeply to be read") from None
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise error(f"{where}: field '{field}': {err['msg']}") from None


def read_model(path: Path, model: type[M], error: type[Exception]) -> M:
    return validate(read_json(path, error), model, str(path), error)


def write_for_command(path: str | Path, data: Any, prog: str) -> bool:
    """Write ``data`` as indented JSON for a command line tool; on failure say so on
    standard error as ``prog: cannot write …`` and return False."""
    import sys
    try:    # whole or not at all: a plain write truncated the file before a full disk refused it
        write_text_atomic(Path(path), json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    except OSError as e:
        print(f"{prog}: cannot write {path}: {e.strerror}", file=sys.stderr)
        return False
    return True


_WRITE_SLICE = 1 << 20


def write_text_atomic(path: Path, text: str | list[str], private: bool = False) -> None:
    """Write ``text`` (or its pieces, one after another) to ``path`` through a temporary
    file and a rename, encoded a slice at a time: a big world's save is megabytes, and a
    whole encoded (or joined) copy adds to the peak. ``private``: readable by its owner
    only, from the moment it exists (a secret: the temporary file's own 0600 is kept)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_bytes_atomic(path, _encoded(text), private)


def _encoded(text: str | list[str]) -> Iterator[bytes]:
    if isinstance(text, str):
        for i in range(0, len(text), _WRITE_SLICE):
            yield text[i:i + _WRITE_SLICE].encode("utf-8")
        return
    batch, size = [], 0
    for piece in text:
        batch.append(piece)
        size += len(piece)
        if size >= _WRITE_SLICE:
            yield "".join(batch).encode("utf-8")
            batch, size = [], 0
    yield "".join(batch).encode("utf-8")


def write_bytes_atomic(path: str | os.PathLike, data: bytes | Iterable[bytes], private: bool = False) -> None:
    """Write ``data`` (or its chunks) to ``path`` whole or not at all: through a temporary
    file beside it, flushed to the disk, then renamed over it; on failure the temporary file
    goes and ``path`` is as it was. Raises OSError. ``private``: see :func:`write_text_atomic`."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            for chunk in ([data] if isinstance(data, bytes) else data):
                f.write(chunk)
            f.flush()
            os.fsync(f.fileno())
        if not private:
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes 0600; a save is an ordinary file
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_json_atomic(path: Path, data: Any) -> None:
    write_text_atomic(path, json.dumps(data, separators=(",", ":")))
