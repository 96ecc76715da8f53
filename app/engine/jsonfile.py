"""Reading a JSON file into a pydantic model, with errors that name the file and field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


def read_json(path: Path, error: type[Exception]) -> Any:
    """The parsed JSON of ``path``; a missing, unreadable or malformed file raises ``error``."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise error(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise error(f"{path}: not a text file") from None
    except json.JSONDecodeError as e:
        raise error(f"{path}: not valid JSON (line {e.lineno}, column {e.colno}: {e.msg}); "
                    "the file may be truncated") from None


def validate(raw: Any, model: type[M], where: str, error: type[Exception]) -> M:
    """``raw`` checked against ``model``; the first fault raises ``error`` naming the field."""
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        err = e.errors()[0]
        field = ".".join(str(p) for p in err["loc"]) or "(top level)"
        raise error(f"{where}: field '{field}': {err['msg']}") from None


def read_model(path: Path, model: type[M], error: type[Exception]) -> M:
    return validate(read_json(path, error), model, str(path), error)
