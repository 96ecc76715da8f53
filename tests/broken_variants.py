"""Broken copies of a shipped variant, one kind of damage each: what `variant check`, the
preview and the window must refuse with a clear message naming the file, in bounded time.

    folder = broken_variant("provinces.json:truncated", tmp_path)

Each kind is ``FILE:DAMAGE``. The variant copied is a shipped one found through the
catalog (never a hard-coded path)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Callable

from app.engine.variants.catalog import find_folder

BASE = "isles"    # the smallest shipped variant: every check of it is quick

JSON_FILES = ("variant.json", "provinces.json", "adjacency.json", "nations.json", "start.json")


def _json(folder: Path, name: str):
    return json.loads((folder / name).read_text(encoding="utf-8"))


def _put(folder: Path, name: str, data) -> None:
    (folder / name).write_text(json.dumps(data, indent=1), encoding="utf-8")


def _edit(name: str, change: Callable[[dict], None]) -> Callable[[Path], None]:
    def apply(folder: Path) -> None:
        data = _json(folder, name)
        change(data)
        _put(folder, name, data)
    return apply


def _wrong_types(data):
    """Every value of the top level replaced by one of another kind."""
    for k, v in list(data.items()):
        data[k] = 7 if isinstance(v, (list, str, dict)) else "seven"


def _huge_numbers(data):
    def walk(x):
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, (int, float)) and not isinstance(x, bool):
            return 10 ** 300
        return x
    data.update(walk(data))


def _unknown_references(name: str):
    def change(data):
        if name == "provinces.json":
            data.setdefault("coasts", []).append({"id": "nowhere/nc", "province": "nowhere", "name": "Nowhere (nc)"})
        elif name == "adjacency.json":
            data["army"].append(["nowhere", "elsewhere"])
            data["fleet"].append(["nowhere", "elsewhere/sc"])
        elif name == "nations.json":
            data["nations"][0]["home_centres"].append("nowhere")
        elif name == "start.json":
            data["units"].append("Nobody A nowhere")
            data["centres"]["Nobody"] = ["nowhere"]
        elif name == "variant.json":
            data["map"] = "nowhere.svg"
    return change


def _duplicates(data):
    lists = [v for v in data.values() if isinstance(v, list) and v]
    if lists:
        lists[0].extend(lists[0])
    else:      # variant.json: a field given twice (the JSON text keeps the last)
        data["title"] = data["title"] * 2


def _cycles(name: str):
    def change(data):
        if name == "adjacency.json":          # a province next to itself, both ways
            p = data["army"][0][0]
            data["army"] += [[p, p]] * 3
            data["fleet"] += [[p, p]]
        elif name == "provinces.json":        # a coast of a coast
            c = data["coasts"][0]["id"] if data.get("coasts") else "x/nc"
            data.setdefault("coasts", []).append({"id": c.split("/")[0] + "/sc", "province": c, "name": "loop"})
        elif name == "nations.json":          # two nations with the same homes
            data["nations"][1]["home_centres"] = list(data["nations"][0]["home_centres"])
        elif name == "start.json":            # a unit in a province twice
            data["units"].append(data["units"][0])
        else:
            data["map"] = "./" + data["map"]
    return change


def _many_errors(name: str):
    """A file with many thousands of faults (the list of problems must be capped)."""
    def change(data):
        if name == "adjacency.json":
            data["army"] += [[f"p{i}", f"q{i}"] for i in range(20000)]
        elif name == "provinces.json":
            data["provinces"] += [{"id": f"Bad {i}", "name": 5, "kind": "lava"} for i in range(20000)]
        elif name == "nations.json":
            data["nations"] += [{"name": f"n{i}", "adjective": 1, "colour": "red", "home_centres": ["x"]}
                                for i in range(20000)]
        elif name == "start.json":
            data["units"] += [f"Nobody Q nowhere{i}" for i in range(20000)]
        else:
            data.update({f"extra{i}": i for i in range(20000)})
    return change


def _text(content: str | bytes) -> Callable[[Path, str], None]:
    def apply(folder: Path, name: str) -> None:
        path = folder / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
    return apply


def _truncated(folder: Path, name: str) -> None:
    path = folder / name
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _missing(folder: Path, name: str) -> None:
    (folder / name).unlink()


def _a_folder(folder: Path, name: str) -> None:
    (folder / name).unlink()
    (folder / name).mkdir()


def _big(folder: Path, name: str) -> None:
    """Padded to 30 MB with spaces: valid, just big."""
    path = folder / name
    text = path.read_text(encoding="utf-8")
    path.write_text(text + " " * (30 << 20), encoding="utf-8")


def _json_kinds() -> dict[str, Callable[[Path], None]]:
    kinds: dict[str, Callable[[Path], None]] = {}
    for name in JSON_FILES:
        for damage, apply in {"missing": _missing, "empty": _text(""), "truncated": _truncated,
                              "not-json": _text("{oops"), "binary": _text(b"\xff\xfe\x00\x80" * 100),
                              "a-list": _text("[]"), "null": _text("null"), "a-folder": _a_folder,
                              "deep": _text("[" * 100000 + "]" * 100000),
                              "long-number": _text('{"n": ' + "9" * 100000 + "}")}.items():
            kinds[f"{name}:{damage}"] = (lambda apply, name: lambda folder: apply(folder, name))(apply, name)
        kinds[f"{name}:wrong-types"] = _edit(name, _wrong_types)
        kinds[f"{name}:huge-numbers"] = _edit(name, _huge_numbers)
        kinds[f"{name}:unknown-references"] = _edit(name, _unknown_references(name))
        kinds[f"{name}:duplicates"] = _edit(name, _duplicates)
        kinds[f"{name}:cycles"] = _edit(name, _cycles(name))
        kinds[f"{name}:many-errors"] = _edit(name, _many_errors(name))
    kinds["provinces.json:big"] = lambda folder: _big(folder, "provinces.json")
    return kinds


def _svg(folder: Path) -> Path:
    return folder / _json(folder, "variant.json")["map"]


def _svg_edit(change: Callable[[str], str]) -> Callable[[Path], None]:
    def apply(folder: Path) -> None:
        path = _svg(folder)
        path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    return apply


def _view_box(value: str) -> Callable[[str], str]:
    import re

    def change(text: str) -> str:
        text = re.sub(r'viewBox="[^"]*"', f'viewBox="{value}"', text, count=1)
        return re.sub(r'(<svg[^>]*?) width="[^"]*" height="[^"]*"', r"\1", text, count=1)
    return change


def _no_provinces(text: str) -> str:
    return text.replace('class="province', 'class="nothing')


def _wrong_ids(text: str) -> str:
    import re
    return re.sub(r'(class="province[^"]*"[^>]*?)|id="([a-z]+)"', lambda m: m.group(0).replace('id="', 'id="zz'), text)


def _enormous_path(text: str) -> str:
    d = "M0 0 " + " ".join(f"L{i % 997} {i % 991}" for i in range(300000)) + " Z"
    return text.replace("</svg>", f'<path id="huge" class="province land" d="{d}"/></svg>')


def _many_provinces(text: str) -> str:
    shapes = "".join(f'<rect id="x{i}" class="province land" x="{i % 100}" y="{i // 100}" width="1" height="1"/>'
                     for i in range(20000))
    return text.replace("</svg>", shapes + "</svg>")


def _svg_kinds() -> dict[str, Callable[[Path], None]]:
    return {
        "svg:missing": lambda folder: _svg(folder).unlink(),
        "svg:empty": lambda folder: _svg(folder).write_text(""),
        "svg:truncated": lambda folder: _truncated(folder, _json(folder, "variant.json")["map"]),
        "svg:malformed-xml": _svg_edit(lambda t: t.replace("</g>", "</gg>", 1)),
        "svg:not-svg": _svg_edit(lambda t: "<html><body>hello</body></html>"),
        "svg:no-provinces": _svg_edit(_no_provinces),
        "svg:zero-viewbox": _svg_edit(_view_box("0 0 0 0")),
        "svg:negative-viewbox": _svg_edit(_view_box("0 0 -100 -100")),
        "svg:huge-viewbox": _svg_edit(_view_box("0 0 1e300 1e300")),
        "svg:nan-viewbox": _svg_edit(_view_box("0 0 nan inf")),
        "svg:three-number-viewbox": _svg_edit(_view_box("0 0 100")),
        "svg:wrong-ids": _svg_edit(_wrong_ids),
        "svg:enormous-path": _svg_edit(_enormous_path),
        "svg:many-provinces": _svg_edit(_many_provinces),
        "svg:bad-path-data": _svg_edit(lambda t: t.replace(' d="M', ' d="Q Q Q M', 1)),
        "svg:a-folder": lambda folder: (_svg(folder).unlink(), _svg(folder).mkdir()),
    }


KINDS: dict[str, Callable[[Path], None]] = {**_json_kinds(), **_svg_kinds()}


def broken_variant(kind: str, where: Path) -> Path:
    """A copy of the shipped variant with the damage ``kind``, in a new folder under ``where``."""
    folder = where / kind.replace(":", "-").replace(".", "_")
    shutil.copytree(find_folder(BASE), folder)
    KINDS[kind](folder)
    return folder
