"""The browser tests' helpers: the server, Chromium and its pages, the phone app's static server,
the tap-target walk (test support, not tests)."""
