"""table_changes: what differs between two tables of worlds, by identity, whether the new
table was copied from the old (keys in the same order) or made anew (any order)."""

from hypothesis import given, strategies as st

from app.engine.rules.world_delta import table_changes


def reference(old: dict, new: dict) -> tuple[set, set, set]:
    return ({k for k in old.keys() & new.keys() if old[k] is not new[k]},
            set(new.keys() - old.keys()), set(old.keys() - new.keys()))


def as_sets(changes) -> tuple[set, set, set]:
    return tuple(set(part) for part in changes)


def test_a_copied_table_with_entries_set_added_and_dropped():
    old = {k: object() for k in range(10)}
    new = dict(old)
    new[3] = object()                       # changed in place: same key order
    new[10] = object()                      # added at the end
    assert table_changes(old, new) == ((3,), (10,), ())
    shorter = dict(old)
    del shorter[9]                          # the last key gone: still a prefix
    assert table_changes(old, shorter) == ((), (), (9,))
    assert table_changes(old, old) == ((), (), ())


def test_an_equal_value_that_is_another_object_counts_as_changed():
    old = {"a": (1, 2)}
    new = {"a": tuple([1, 2])}
    assert table_changes(old, new) == (("a",), (), ())


@given(st.dictionaries(st.integers(0, 30), st.integers(), max_size=20),
       st.lists(st.tuples(st.sampled_from(["set", "add", "drop", "move"]), st.integers(0, 40)), max_size=12))
def test_any_edit_is_found_as_the_slow_comparison_finds_it(start, edits):
    old = {k: object() for k in start}
    new = dict(old)
    for what, k in edits:
        if what == "drop":
            new.pop(k, None)
        elif what == "move" and k in new:
            new[k] = new.pop(k)             # same value, key moved to the end: order differs
        else:
            new[k] = object()
    assert as_sets(table_changes(old, new)) == reference(old, new)
