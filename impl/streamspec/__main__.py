"""Run the command line as ``python -m streamspec``."""

from streamspec.cli._entry import run

run()
