"""Explore New York's printables: blank maps of the tiles (with their score tables) and score pads."""

from .cli import add_commands
from .maps import maps_pdf
from .scorepad import scorepad_pdf

__all__ = ["add_commands", "maps_pdf", "scorepad_pdf"]
