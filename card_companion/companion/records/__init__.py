"""The records: each finished game's record, standings, ratings, running totals and the
statistics read from them."""
