"""The board editor (`/boards`): its pages (`pages.py`), its forms (`forms.py`) and the saved board library with
the editor's drafts (`store.py`).
"""
