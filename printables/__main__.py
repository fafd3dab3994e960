"""Entry point for `python -m printables`."""

from .core.cli import main

raise SystemExit(main())
