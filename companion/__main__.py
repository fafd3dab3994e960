"""Entry point for `python -m companion`."""

import sys

from .cli import main

sys.exit(main())
