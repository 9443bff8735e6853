"""Live tables: the referee that watches snaps and settles disputes."""
