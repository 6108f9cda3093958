"""PC War's own tests: its rules, tracker, choices, random play, asks and screens."""
