"""QR codes of table links, so the other phones join by scanning."""

from __future__ import annotations

import io

import qrcode
from flask import Response
from qrcode.image.pil import PilImage

from .security import public_url


def qr_png(text: str) -> bytes:
    """Return a PNG QR code of `text` (medium error correction, a quiet zone around it)."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=8, border=4)
    code.add_data(text)
    code.make(fit=True)
    image = code.make_image(image_factory=PilImage)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def qr_response(endpoint: str, **values) -> Response:
    """Answer the QR code of a page's public link (the link the page itself shows) as a PNG a phone keeps an hour."""
    return Response(qr_png(public_url(endpoint, **values)), mimetype="image/png",
                    headers={"Cache-Control": "private, max-age=3600"})
