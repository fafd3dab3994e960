"""What every game's printables share: the page, the embedded fonts and the text helpers."""
