"""Marque-carte: the Django project, and the scoring app (label "scorekeeper")."""
