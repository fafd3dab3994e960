"""Printables: blank player maps and score pads as PDF, drawn with ReportLab from the engine's data.

The web layer serves these bytes as downloads; `python -m printables` writes them to files.
"""

from .maps import maps_pdf
from .scorepad import scorepad_pdf
from .style import PAPER_SIZES

__all__ = ["PAPER_SIZES", "maps_pdf", "scorepad_pdf"]
