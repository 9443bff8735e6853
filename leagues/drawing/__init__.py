"""A night's draw as the leagues keep it: the pure draw is engine/seating.py; `night.py`
reads the season into its history and writes the tables and seats."""
