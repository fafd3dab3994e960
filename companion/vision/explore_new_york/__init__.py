"""Reading a phone photo of a filled-in printed Explore New York map (see NOTES.md)."""
