"""``python -m thousand``: the same as the ``thousand`` command."""

from thousand.cli.main import run

if __name__ == "__main__":
    run()
