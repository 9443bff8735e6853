"""Tables, members and the append-only event log will live here."""
