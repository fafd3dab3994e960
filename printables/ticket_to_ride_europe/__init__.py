"""Ticket to Ride: Europe's printables: a score pad and a route tally sheet, in English and Japanese."""

from .cli import add_commands
from .pads import MAX_PLAYERS, MIN_PLAYERS, scorepad_pdf, tally_pdf

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "add_commands", "scorepad_pdf", "tally_pdf"]
