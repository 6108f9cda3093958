"""What the tests share: fake pages and the view harness, random play, recorded games, phones
and browsers (test support, not tests)."""
