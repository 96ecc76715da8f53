"""The desktop window (PySide6). It shows the engine's world and asks the engine every rule question."""
