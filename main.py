"""Entry point of `flet build` (pyproject.toml [tool.flet.app]); `make run` and the
`companion` command serve the same app on the web instead."""

from card_companion.app import run_packaged

if __name__ == "__main__":
    run_packaged()
