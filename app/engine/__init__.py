"""The rules of 5D Diplomacy as a library: no Qt, no geometry, no files but variants and saves."""
