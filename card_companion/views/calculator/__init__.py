"""The fight calculator: resolve any fight on screen without starting a game.

``screen.CalculatorScreen`` is the route ``/calc/<game>``; each game's calculator is one
component in its own module, imported when its screen is first drawn by its loader in
``CALCULATORS`` (the calculators' side of the game registry). Every ruling comes from the
same asks as ``companion resolve``; nothing entered here is saved.
"""
