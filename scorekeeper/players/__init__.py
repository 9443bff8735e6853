"""Players' records across the games this phone knows (issue 22)."""
