"""The server and the phones at a table: access, seats, faults, the served phone app, memory
between taps."""
