"""Thin typed function views, one module per page."""
