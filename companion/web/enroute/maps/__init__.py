"""The maps the pages draw: the tappable SVG map (`svgmap.py`), one drawer per board feature type
(`svgfeatures.py`, which the city folders extend) and a player board's printed coordinates (`printed.py`).
"""
