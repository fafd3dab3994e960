"""Photo reading of the printed Welcome To... sheet (issue 30): see NOTES.md in this folder."""
