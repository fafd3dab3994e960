"""Compressed pages: Flask-Compress (a maintained extension) answers every text response in the best encoding
the phone accepts (zstd, Brotli, gzip), with `Vary: Accept-Encoding`. PDFs, images and photos are already
compressed and pass as they are. Behind a proxy that compresses, set `COMPRESS_REGISTER=False`
(docs/production.md)."""

from __future__ import annotations

from flask import Flask
from flask_compress import Compress

TEXT_TYPES = ["text/html", "text/css", "text/plain", "text/csv", "application/javascript", "text/javascript",
              "application/json", "application/manifest+json", "image/svg+xml"]


def init_app(app: Flask) -> None:
    """Compress text responses of at least 500 bytes (smaller ones gain nothing)."""
    app.config.setdefault("COMPRESS_MIMETYPES", TEXT_TYPES)
    app.config.setdefault("COMPRESS_MIN_SIZE", 500)
    app.config.setdefault("COMPRESS_BR_LEVEL", 5)
    app.config.setdefault("COMPRESS_STREAMS", False)
    Compress(app)
