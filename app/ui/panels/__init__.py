"""Dock panels: orders (with the order console), nations, history."""
