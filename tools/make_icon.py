"""Draws the app icon (a card with a red heart on green felt) as PNG files, with the
standard library only: python3 tools/make_icon.py"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "card_companion" / "assets"  # where the app serves them


def png(width: int, height: int, pixel) -> bytes:
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x / width, y / height))
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9))
            + chunk(b"IEND", b""))


def inside_rounded(x: float, y: float, x0: float, y0: float, x1: float, y1: float, r: float) -> bool:
    if not (x0 <= x <= x1 and y0 <= y <= y1):
        return False
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def heart(x: float, y: float) -> bool:
    # the heart curve (x² + y² - 1)³ - x² y³ <= 0, centred at (0.5, 0.52), scaled
    u = (x - 0.5) / 0.2
    v = -(y - 0.53) / 0.2
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def pixel(x: float, y: float) -> tuple[int, int, int, int]:
    if not inside_rounded(x, y, 0.0, 0.0, 1.0, 1.0, 0.18):
        return (0, 0, 0, 0)
    if inside_rounded(x, y, 0.22, 0.12, 0.78, 0.88, 0.06):
        if heart(x, y):
            return (198, 40, 40, 255)
        return (255, 253, 247, 255)
    if inside_rounded(x, y, 0.21, 0.11, 0.79, 0.89, 0.065):
        return (40, 40, 40, 255)
    return (46, 125, 50, 255)


if __name__ == "__main__":
    for name, size in (("icon.png", 512), ("favicon.png", 64), ("icons/Icon-192.png", 192),
                       ("icons/Icon-512.png", 512), ("icons/Icon-maskable-192.png", 192),
                       ("icons/Icon-maskable-512.png", 512)):
        (HERE / name).write_bytes(png(size, size, pixel))
        print("wrote", name)
