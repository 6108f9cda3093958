"""The phone app's entry (the build's main.py: python-worker.js runs it)."""

from card_companion.phone import run

run()
