"""Tools that build or draw what the app ships, run from the checkout (not installed)."""
