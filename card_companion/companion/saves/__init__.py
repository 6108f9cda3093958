"""The saves: the SQLite file every game is kept in (its schema and upgrades, the log of
steps, seats and codes, import and export, a file SQLite cannot read where it lies)."""
