"""Ticket to Ride: Europe's printables: a score pad, a route tally sheet and a ticket checklist per player, in
English and Japanese."""

from .checklist import checklist_pdf
from .cli import add_commands
from .pads import MAX_PLAYERS, MIN_PLAYERS, scorepad_pdf, tally_pdf

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "add_commands", "checklist_pdf", "scorepad_pdf", "tally_pdf"]
