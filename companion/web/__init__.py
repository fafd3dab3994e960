"""Web layer: Flask app factory, blueprints, forms and static assets."""
