"""Card Stratego: the tracker, its choices, its screens, its asks and its random play."""
