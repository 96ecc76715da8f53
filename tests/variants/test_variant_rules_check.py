"""`variant check` on the rules of RULES.md §12, with the small hand-made variant of
tests/rules_variant.py: what it accepts, and each misuse named with its file and field."""

import pytest

from app.engine.variants.variant import VariantError, load_variant
from app.variants.check import check_folder, main
from tests.rules_variant import rules_variant_files, write_rules_variant


def _data_errors(tmp_path, edit):
    files = rules_variant_files(build_anywhere=True)
    edit(files)
    folder = write_rules_variant(tmp_path / "harbour", files)
    # the drawing is an empty stand-in: only the data files' problems are asked about here
    return [str(p) for p in check_folder(folder) if p.severity == "error" and not p.file.endswith(".svg")]


def test_the_rules_are_accepted(tmp_path):
    assert _data_errors(tmp_path, lambda files: None) == []
    v = load_variant(str(tmp_path / "harbour"))
    assert v.build_anywhere and v.ports == {"isle"} and v.neutral_nation == "Garrison"
    assert v.home_centres["Avalon"] & v.home_centres["Brenn"] == {"mid"}


def _nation(files, name):
    return next(n for n in files["nations.json"]["nations"] if n["name"] == name)


def _province(files, pid):
    return next(p for p in files["provinces.json"]["provinces"] if p["id"] == pid)


@pytest.mark.parametrize("edit, where, words", [
    (lambda f: _province(f, "wsea").update(port=True), "provinces.json:provinces.0.port", "only a coastal"),
    (lambda f: _nation(f, "Garrison")["home_centres"].append("dale"), "nations.json:nations.2.home_centres",
     "never builds"),
    (lambda f: f["start.json"]["centres"].update(Garrison=["dale"]), "start.json:centres.Garrison",
     "count for no nation"),
    (lambda f: _nation(f, "Brenn").update(neutral=True), "nations.json:nations.2.neutral", "one at most"),
    (lambda f: _nation(f, "Avalon")["home_centres"].append("west"), "nations.json:nations.0.home_centres",
     "listed twice"),
])
def test_a_misused_rule_is_named(tmp_path, edit, where, words):
    errors = _data_errors(tmp_path, edit)
    assert any(e.startswith(where) and words in e for e in errors), errors
    with pytest.raises(VariantError):
        load_variant(str(tmp_path / "harbour"))


@pytest.mark.parametrize("count, ok", [(24, True), (25, False)])
def test_up_to_twenty_four_nations_besides_the_neutral_power(tmp_path, count, ok):
    def more(files):
        nations = files["nations.json"]["nations"]
        for i in range(count - 2):
            name = "N" + "".join(chr(97 + int(d)) for d in f"{i:02d}")
            nations.append({"name": name, "adjective": name, "colour": "#123456", "home_centres": []})
            files["start.json"]["centres"][name] = []
            files["start.json"]["units"].append(f"{name} F {'wsea' if i % 2 else 'esea'}") if i < 2 else None
    errors = _data_errors(tmp_path, more)
    assert (not any("nations: a variant has 2 to 24" in e for e in errors)) is ok, errors


def test_the_check_names_the_rules(tmp_path, capsys):
    write_rules_variant(tmp_path / "harbour", build_anywhere=True)
    main([str(tmp_path / "harbour")])
    err = capsys.readouterr().err
    assert "variant rules (RULES.md §12): build anywhere" in err
    assert "1 shared home centre (mid)" in err and "port: Isle" in err and "neutral power Garrison (1 unit" in err
