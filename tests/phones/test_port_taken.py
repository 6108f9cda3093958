"""A busy port is a sentence: `companion --port P` with P taken says so in
one line with a free port to try, prints no address, exits non-zero without a traceback; the
address is printed once the server listens. Real processes: `python -m card_companion`."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import time

import pytest

from card_companion.server import CannotListen, listening_socket


def companion(tmp_path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "card_companion", "--no-open", "--data-dir", str(tmp_path / "saves"),
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_a_port_another_program_listens_on_is_one_line_with_a_port_to_try(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = companion(tmp_path, "--port", str(port))
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 2
    assert out == ""  # no address promised
    (line,) = err.splitlines()
    assert "Traceback" not in err and "ERROR" not in err
    found = re.fullmatch(rf"Card Companion cannot serve: port {port} is taken on 127\.0\.0\.1 \(another program is "
                         r"listening there\): try --port (\d+)\.", line)
    assert found, line
    free = int(found.group(1))
    assert free != port
    with socket.socket() as probe:  # the port it offers was free when it said so
        probe.bind(("127.0.0.1", free))


def test_the_address_is_printed_once_the_server_listens(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = companion(tmp_path, "--port", str(port))
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first == f"Card Companion is at http://127.0.0.1:{port}/\n"
        started = time.monotonic()
        with socket.create_connection(("127.0.0.1", port), timeout=2):  # listening when it said so: no retry
            pass
        assert time.monotonic() - started < 2
    finally:
        proc.terminate()
        proc.communicate(timeout=30)


@pytest.mark.parametrize("host, port, says", [
    ("127.0.0.1", 0, "0 is not a port (a port is 1 to 65535): try --port "),
    ("127.0.0.1", 70000, "70000 is not a port"),
    ("no-such-host.invalid", 8550, "there is no address 'no-such-host.invalid' on this machine's network"),
    ("192.0.2.1", 8550, "192.0.2.1 is not an address of this machine: try --host 0.0.0.0"),  # TEST-NET-1
])
def test_an_address_that_cannot_be_served_is_said(host, port, says):
    with pytest.raises(CannotListen) as refused:
        listening_socket(host, port).close()
    assert says in str(refused.value)
