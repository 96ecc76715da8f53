"""Orders and boards as text: the notation, its compact form in save files, pasted orders, transcripts."""
