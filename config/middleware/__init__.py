"""Middleware of the project as a whole (not of one app)."""
