"""Records, standings, statistics and ratings, and the players' names."""
