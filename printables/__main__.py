"""Entry point for `python -m printables`."""

from .cli import main

raise SystemExit(main())
