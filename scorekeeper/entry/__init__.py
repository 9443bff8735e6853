"""Entering a round: the form's state, its translation to the spec's round object and back,
which players a round holds, and which field an engine problem belongs beside.

Plain Python (no Django import) so every translation is tested without a database.
"""
