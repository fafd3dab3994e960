"""Thurn und Taxis: All Roads Lead to Rome printables: the score pad and the example board (English and Japanese)."""

from .board import board_pdf
from .cli import add_commands
from .scorepad import scorepad_pdf

__all__ = ["add_commands", "board_pdf", "scorepad_pdf"]
