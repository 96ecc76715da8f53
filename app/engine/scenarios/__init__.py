"""Scenarios (spec/SCENARIOS.md): a start, its steps and what is expected of them."""
