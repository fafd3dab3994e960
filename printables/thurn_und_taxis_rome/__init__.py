"""Thurn und Taxis: All Roads Lead to Rome printables: the score pad (English and Japanese)."""

from .cli import add_commands
from .scorepad import scorepad_pdf

__all__ = ["add_commands", "scorepad_pdf"]
