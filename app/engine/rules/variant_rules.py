"""The rules a variant may set in its own data (RULES.md §12), asked at the few places they
change what sections 1–5 say.

- **Build anywhere** (``variant.json`` ``build_anywhere``): :func:`build_sites` is where a
  nation may build — its home centres, and with the rule every centre it owns.
- **Shared homes** (a centre in several nations' ``home_centres``): the home centres of each
  already hold it; nothing more is asked.
- **Ports** (``provinces.json`` ``port``): :attr:`Variant.convoy_waters` (seas and ports) is
  where a fleet may convoy; the convoy checks and chains ask it instead of "a sea".
- **Neutral units** (``nations.json`` ``neutral``): the neutral power's units take no orders
  (:func:`neutral_refusal`), so they hold; a dislodged one is disbanded
  (:func:`may_retreat`); the power is not among the nations that play
  (``Variant.nation_names``), so it never builds, adjusts or wins, and owns no centre.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..variants.variant_model import Variant
    from .coords import BoardKey
    from .orders import Unit
    from .world import World


def build_sites(world: "World", nation: str, key: "BoardKey") -> frozenset[str]:
    """The centres where ``nation`` may build on board ``key`` when it owns them and they are
    empty: its home centres, and under build-anywhere every supply centre."""
    homes = world.home_centres_of(nation, key)
    if not world.variant.build_anywhere:
        return homes
    return homes | world.variant.supply_centres


def build_site_refusal(world: "World", nation: str, province: str) -> str:
    """Why ``nation`` may not build in ``province``, which is not one of its build sites."""
    if world.variant.build_anywhere:
        return f"{province} is not a supply centre"
    return f"{province} is not a home centre of {nation or 'that nation'}"


def is_neutral(variant: "Variant", unit: "Unit") -> bool:
    """Whether ``unit`` belongs to the variant's neutral power."""
    return unit.nation == variant.neutral_nation and unit.nation is not None


def neutral_refusal(variant: "Variant", province: str) -> str:
    """What an order to a neutral unit is told."""
    return (f"the unit in {province} is {variant.neutral_nation}'s, a neutral power's: it holds and "
            "takes no orders")


def may_retreat(variant: "Variant", unit: "Unit") -> bool:
    """Whether a dislodged ``unit`` may retreat at all: a neutral unit is disbanded instead."""
    return not is_neutral(variant, unit)


def rules_in_words(variant: "Variant") -> tuple[str, ...]:
    """The §12 rules ``variant`` sets, one phrase each (empty: none), for ``variant check``
    and the preview: ``("build anywhere", "ports: Baleares", …)``."""
    out = []
    if variant.build_anywhere:
        out.append("build anywhere (in any owned, empty centre)")
    shared = sorted(c for c in variant.supply_centres
                    if sum(c in homes for homes in variant.home_centres.values()) > 1)
    if shared:
        out.append(f"{len(shared)} shared home centre{'s' if len(shared) > 1 else ''} "
                   f"({', '.join(shared[:6])}{' …' if len(shared) > 6 else ''})")
    if variant.ports:
        out.append("port" + ("s" if len(variant.ports) > 1 else "") + ": "
                   + ", ".join(variant.place_name(p) for p in sorted(variant.ports)))
    if variant.neutral_nation:
        units = sum(1 for text in variant.start_units if text.split(" ", 1)[0] == variant.neutral_nation)
        out.append(f"neutral power {variant.neutral_nation} ({units} unit{'' if units == 1 else 's'} that hold)")
    return tuple(out)


def builder_of(world: "World", province: str, key: "BoardKey") -> str | None:
    """The nation that may build in ``province`` on board ``key``: its owner there when it is
    one of the owner's build sites (a shared home, or any centre under build-anywhere), else
    the nation whose home it is (who is then told why it may not)."""
    owner = world.boards[key].centres.get(province) if key in world.boards else None
    if owner is not None and province in build_sites(world, owner, key):
        return owner
    return world.home_nation_of(province, key)
