"""Reading phone photos of printed sheets (OpenCV + NumPy).

Import the reader from `companion.vision.reader`; `pagecode` (pure Python) is what the printables
draw for the camera. This file imports nothing, so the printables can use `pagecode` without a cycle.
"""
