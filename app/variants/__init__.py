"""Variants for designers and players (no Qt): where they live (:mod:`.catalog`), checking a
variant's files against each other and its map (:mod:`.check`), scaffolding a new one and
importing from other formats. Loading a variant for play is ``app.engine.variants.variant.load_variant``."""
