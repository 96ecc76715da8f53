"""Generator of the standard map (data/standard/map.svg); see README.md here."""
