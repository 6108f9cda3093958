"""FIGHT!: the tracker, its screens, its asks and its random play."""
