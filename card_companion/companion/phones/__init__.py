"""The phones at a table: devices and their access, and a live table's sync between them."""
