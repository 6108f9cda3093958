"""The screens built in-process (tests/support/viewkit.py), no browser."""
