"""Welcome To...'s printables: a blank player sheet drawn from the sheet data, and score pads."""

from .cli import add_commands
from .scorepad import scorepad_pdf
from .sheet import sheet_pdf

__all__ = ["add_commands", "scorepad_pdf", "sheet_pdf"]
