"""The pydantic models of a variant's JSON files: what :func:`app.engine.variants.variant.read_variant`
checks each file against, with errors that name the file and the field.

Kept apart from :class:`~app.engine.variants.variant_model.Variant`: a variant whose files were checked
before (unchanged since) is built without them, and the window's start without pydantic."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ProvinceModel(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kind: Literal["land", "coast", "sea"]
    supply_centre: bool = False
    aliases: list[str] = []
    port: bool = False             # a coast whose fleet may convoy (RULES.md §12)


class CoastModel(_Model):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*/[a-z]+$")
    province: str
    name: str


class ProvincesFile(_Model):
    provinces: list[ProvinceModel]
    coasts: list[CoastModel] = []


class AdjacencyFile(_Model):
    army: list[tuple[str, str]]
    fleet: list[tuple[str, str]]


class NationModel(_Model):
    name: str = Field(pattern=r"^[A-Z][A-Za-z]*$")
    adjective: str
    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    home_centres: list[str]
    neutral: bool = False          # the variant's neutral power: units that hold, played by nobody (§12)


class NationsFile(_Model):
    nations: list[NationModel]


class StartFile(_Model):
    units: list[str]
    centres: dict[str, list[str]]


class VariantFile(_Model):
    name: str
    title: str
    map: str
    first_year: int = 1901
    victory_centres: int
    description: str = ""
    build_anywhere: bool = False   # a nation builds in any owned, empty centre (RULES.md §12)

    @field_validator("victory_centres")
    @classmethod
    def _positive(cls, v: int) -> int:
        if v <= 0:
            raise ValueError("must be positive")
        return v

    @field_validator("first_year")
    @classmethod
    def _four_digits(cls, v: int) -> int:
        # Turns are written with four digits (S1901, S0901, S0001): a five-digit or negative
        # year would not read back.
        if not 1 <= v <= 9000:
            raise ValueError(f"{v} is not a year from 1 to 9000 (turns are written S1901, S0901, S0001)")
        return v
