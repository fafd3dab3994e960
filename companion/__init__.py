"""En Route Companion: scoring companion and rules checker for route-drawing board games."""

from .web.core.app import create_app

__all__ = ["create_app"]
