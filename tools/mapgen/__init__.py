"""Generator of the variant maps from Natural Earth (see docs/map-conventions.md)."""
