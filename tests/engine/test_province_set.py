"""ProvinceSet (a sight's set of provinces, read from a number) behaves as the frozenset of
the same names wherever a sight is used."""

import copy
import operator
import pickle

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.fog import visibility
from app.engine.fog.province_set import ProvinceNames, ProvinceSet, as_frozenset
from app.engine.variants.variant import load_variant

NAMES = ProvinceNames(sorted(load_variant().provinces))
PROVINCES = NAMES.provinces
picks = st.sets(st.sampled_from(PROVINCES))


def made(chosen) -> ProvinceSet:
    mask = 0
    for p in chosen:
        mask |= NAMES.bit[p]
    return NAMES.set_of(mask)


@settings(max_examples=150, deadline=None)
@given(picks, st.lists(st.sampled_from([*PROVINCES, "spa/nc", "", "LON", None, 3])))
def test_membership_length_and_walk_are_the_frozensets(chosen, asked):
    s, f = made(chosen), frozenset(chosen)
    for name in (*PROVINCES, *asked):
        assert (name in s) is (name in f)
    assert len(s) == len(f) and bool(s) is bool(f)
    assert list(s) == sorted(f)            # walked in the variant's order of provinces
    assert sorted(s) == sorted(f) and set(s) == f and frozenset(s) == f


@settings(max_examples=150, deadline=None)
@given(picks, picks)
def test_equal_and_hashing_like_the_frozenset_in_both_directions(a, b):
    s, f = made(a), frozenset(a)
    assert s == f and f == s and s == set(a) and set(a) == s
    assert not (s != f) and not (f != s)
    assert hash(s) == hash(f)
    assert (s == made(b)) is (a == b) and (s != made(b)) is (a != b)
    assert (s == frozenset(b)) is (a == b) and (frozenset(b) != s) is (a != b)
    mixed = {s: "mask"}
    assert mixed[f] == "mask" and f in mixed
    assert len({s, f, made(a)}) == 1
    other = ProvinceSet(s.mask, ProvinceNames(PROVINCES))     # another table of the same names
    assert other == s and hash(other) == hash(s)
    assert s != sorted(a) and s != None  # noqa: E711 — not a set: never equal


OPERATORS = [operator.or_, operator.and_, operator.sub, operator.xor]
COMPARISONS = [operator.le, operator.lt, operator.ge, operator.gt]


@settings(max_examples=150, deadline=None)
@given(picks, picks)
def test_operators_give_plain_frozensets_equal_to_the_frozensets(a, b):
    fa, fb = frozenset(a), frozenset(b)
    for op in OPERATORS:
        want = op(fa, fb)
        for left, right in ((made(a), made(b)), (made(a), fb), (fa, made(b)), (made(a), set(b)), (set(a), made(b))):
            got = op(left, right)
            assert got == want, (op, left, right)
            if isinstance(left, ProvinceSet) or not isinstance(left, set):
                assert type(got) is frozenset
    for op in COMPARISONS:
        want = op(fa, fb)
        for left, right in ((made(a), made(b)), (made(a), fb), (fa, made(b)), (set(a), made(b))):
            assert op(left, right) is want, (op, left, right)
    s = made(a)
    assert s.union(b) == fa | fb and s.intersection(b) == fa & fb and s.difference(b) == fa - fb
    assert s.symmetric_difference(b) == fa ^ fb
    assert s.issubset(b) is fa.issubset(b) and s.issuperset(b) is fa.issuperset(b)
    assert s.isdisjoint(b) is fa.isdisjoint(b) and s.isdisjoint(made(b)) is fa.isdisjoint(fb)
    assert type(s.union(b)) is frozenset
    assert fa.isdisjoint(made(b)) is fa.isdisjoint(fb) and fa.issubset(made(b)) is fa.issubset(fb)


def test_not_a_set_is_refused_as_frozenset_refuses_it():
    s = made(["lon", "par"])
    for op in OPERATORS:
        for left, right in ((s, ["lon"]), (["lon"], s)):
            try:
                op(left, right)
            except TypeError:
                continue
            raise AssertionError(f"{op} took a list")


@settings(max_examples=40, deadline=None)
@given(picks)
def test_pickled_or_copied_it_is_still_the_same_provinces(a):
    s = made(a)
    back = pickle.loads(pickle.dumps(s))
    assert back == frozenset(a) and type(back) is frozenset
    assert copy.copy(s) is s and copy.deepcopy({"k": s})["k"] == s
    assert repr(s) == f"ProvinceSet({sorted(a)!r})"


def test_a_sight_is_handed_out_as_province_sets_equal_to_sets_of_names():
    from app.engine.rules.world import World
    w = World.initial(load_variant())
    visibility.clear_cache()
    seen = visibility.sight(w, "England")
    key = w.active_boards()[0]
    assert isinstance(seen[key], ProvinceSet)
    assert seen[key] == frozenset(visibility.board_sight(w, "England", key))
    assert seen[key] == {'cly', 'edi', 'eng', 'iri', 'lon', 'lvp', 'nao', 'nth', 'nwg', 'wal', 'yor'}
    assert visibility.sees(seen[key], "lvp") and not visibility.sees(seen[key], "spa/nc")


@settings(max_examples=40, deadline=None)
@given(picks)
def test_as_frozenset_gives_the_same_provinces_made_once(a):
    s = made(a)
    f = as_frozenset(s)
    assert type(f) is frozenset and f == frozenset(a) and as_frozenset(s) is f
    plain = frozenset(a)
    assert as_frozenset(plain) is plain and as_frozenset(set(a)) == plain
