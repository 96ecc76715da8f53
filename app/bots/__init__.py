"""Computer players (no Qt) and the tools that play them: selfplay and tournaments."""
