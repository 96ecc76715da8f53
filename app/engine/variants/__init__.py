"""Variants as data: their files, models and checks, and where they live."""
