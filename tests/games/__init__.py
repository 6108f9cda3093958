"""Every game's rules and asks, the game framework, the session, the command line and its protocol,
the bad-input catalogue."""
