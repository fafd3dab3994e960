"""Generic trail search: the best-scoring walk that uses each edge of a graph at most once.

Not tied to any game: a route game supplies a graph and a scorer (a bound and
a value for edge sets); see `search.search_trails` and the walk helpers in
`walks`.
"""

from .graph import TrailGraph, bits
from .search import TrailScorer, TrailSearchResult, search_trails
from .walks import Stretch, euler_trails, lex_smallest, lexmin_trail, marked_span, trail_starts

__all__ = ["TrailGraph", "TrailScorer", "TrailSearchResult", "Stretch", "bits", "euler_trails", "lex_smallest",
           "lexmin_trail", "marked_span", "search_trails", "trail_starts"]
