"""Paris's printables: the shaped landmarks' own sides and the remote landmarks' checkboxes (`features.py`),
drawn by feature type at the end of the world-city features."""

from __future__ import annotations

from .. import register_features
from .features import draw_paris_features

register_features(draw_paris_features)
