"""Run the command line as ``python -m streamspec``."""

from streamspec._cli import main

main()
