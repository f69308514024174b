"""Run the command line as ``python -m streamspec``."""

from streamspec.cli._main import main

main()
