"""What the guard lets in: the names this server answers to and the origins its pages have
(a ``Host`` of its own, a websocket's ``Origin`` of its own in scheme, name and port), and the
pages one client address may open (at once, and new ones a minute)."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from urllib.parse import urlsplit

WILDCARD = ("0.0.0.0", "::", "")
PER_ADDRESS = 16
"""websockets (pages) open at once from one client address"""
NEW_PER_MINUTE = 60
"""new websockets a minute from one client address"""


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("10.255.255.255", 1))
            return s.getsockname()[0]
    except OSError:
        try:
            return socket.gethostbyname(socket.gethostname())
        except OSError:
            return "127.0.0.1"


def strip_port(host: str) -> str:
    """'192.168.1.2:8550' -> '192.168.1.2'; '[::1]:8550' -> '::1'; 'Name' -> 'name'."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.index("]")] if "]" in host else host
    if host.count(":") == 1:
        return host.split(":")[0]
    return host


def is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(url: str) -> tuple[str, str, int] | None:
    """An origin as (scheme, name, port), the port the scheme's own when it is left out:
    'http://127.0.0.1:8550' -> ('http', '127.0.0.1', 8550), 'https://Cards.lan' -> ('https',
    'cards.lan', 443). None: not an http(s) origin ('null', a file: page, garbage)."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in DEFAULT_PORTS or not parts.hostname or parts.path not in ("", "/"):
        return None
    return parts.scheme, parts.hostname.lower(), port or DEFAULT_PORTS[parts.scheme]


@dataclass
class HostCheck:
    """The names this server answers to. Bound to every address (0.0.0.0): any IP address
    (a rebinding attack needs a DNS name), localhost, this machine's own name and
    ``extra``. Bound to one address: that one (and localhost's names if it is loopback).
    An ``extra`` given as an origin (``https://cards.lan``: an HTTPS proxy in front) is
    also an origin a page of this app may have."""

    bind: str
    extra: tuple[str, ...] = ()
    names: set[str] = field(default_factory=set)
    origins: set[tuple[str, str, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.origins = {o for o in (origin_of(n) for n in self.extra if "://" in n) if o}
        names = {strip_port(n) for n in self.extra if n and "://" not in n} | {o[1] for o in self.origins}
        bind = strip_port(self.bind) if self.bind else ""
        loopback = bind in ("localhost",) or (is_ip(bind) and ipaddress.ip_address(bind).is_loopback)
        if bind in WILDCARD or loopback:
            names |= {"localhost", "127.0.0.1", "::1"}
        if bind in WILDCARD:
            try:
                hostname = socket.gethostname().lower()
                names |= {hostname, f"{hostname}.local"}
            except OSError:
                pass
        elif bind:
            names.add(bind)
        self.names = names

    def allows(self, host_header: str | None) -> bool:
        if not host_header:
            return False
        name = strip_port(host_header)
        if name in self.names:
            return True
        return self.bind in WILDCARD and is_ip(name)

    def allows_origin(self, origin: str | None, host_header: str | None, scheme: str | None) -> bool:
        """A websocket's ``Origin`` is the server's own: the scheme it was reached by (ws:
        http, wss: https), the name and the port of its ``Host``, all three; or one of the
        origins given as ``extra``."""
        seen = origin_of(origin or "")
        if seen is None or not host_header:
            return False
        own = origin_of(f"{'https' if scheme in ('wss', 'https') else 'http'}://{host_header}")
        return seen == own or seen in self.origins


class AddressLimits:
    """Open websockets and new ones a minute, per client address."""

    def __init__(self, per_address: int = PER_ADDRESS, new_per_minute: int = NEW_PER_MINUTE, clock=time.monotonic):
        self.per_address = per_address
        self.new_per_minute = new_per_minute
        self.clock = clock
        self.open: dict[str, int] = {}
        self.recent: dict[str, deque] = {}
        self._lock = threading.Lock()

    def admit(self, address: str) -> str | None:
        """None if a new websocket from ``address`` may open (and counts it), else why not."""
        with self._lock:
            now = self.clock()
            recent = self.recent.setdefault(address, deque())
            while recent and now - recent[0] > 60:
                recent.popleft()
            if self.open.get(address, 0) >= self.per_address:
                return f"{self.per_address} pages are already open from this address"
            if len(recent) >= self.new_per_minute:
                return f"more than {self.new_per_minute} new pages a minute from this address"
            recent.append(now)
            self.open[address] = self.open.get(address, 0) + 1
            return None

    def release(self, address: str) -> None:
        with self._lock:
            n = self.open.get(address, 0) - 1
            if n > 0:
                self.open[address] = n
            else:
                self.open.pop(address, None)
                if not self.recent.get(address):
                    self.recent.pop(address, None)
