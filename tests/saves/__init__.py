"""Saved games: the save file, its durability and damage, golden saves, imports, the phone app's
storage."""
