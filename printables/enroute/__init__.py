"""En Route's printables: blank player maps and score pads, drawn from the engine's board data."""

from .cli import add_commands
from .maps import maps_pdf
from .scorepad import scorepad_pdf
from .style import PAPER_SIZES

__all__ = ["PAPER_SIZES", "add_commands", "maps_pdf", "scorepad_pdf"]
