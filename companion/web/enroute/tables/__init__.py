"""Score tables and their sheets (`/tables`): the pages (`pages.py`) and storage (`store.py`) of a table, the
sheet's form and drafts (`forms.py`, `drafts.py`), what a city board adds to a sheet (`city_sheet.py`,
`sheet_marks.py`), the score sheet (`scoresheet.py`) and reading a photo of a printed map (`photo.py`).
"""
