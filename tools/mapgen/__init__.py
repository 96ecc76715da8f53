"""Generator of the standard map (assets/map/standard.svg); see README.md here."""
