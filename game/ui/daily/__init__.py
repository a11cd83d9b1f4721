"""The daily deal's room: today's deal of a game, its record and streaks, its calendar."""
