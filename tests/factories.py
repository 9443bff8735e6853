"""Factories for model instances used across the tests (players, games, tables).

Empty until the models exist.
"""
