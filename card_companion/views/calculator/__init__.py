"""The fight calculator: resolve any fight on screen without starting a game.

``screen.CalculatorScreen`` is the route ``/calc/<game>``; each game's calculator is one
component in its game's views (``views/<game>/calculator.py``), imported when its screen is
first drawn by the loader of its ``VIEWS`` (views/game_views.py); ``ruling`` holds what
they share. Every ruling comes from the
same asks as ``companion resolve``; nothing entered here is saved.
"""
