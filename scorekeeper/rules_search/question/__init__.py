"""Reading a question: its words as terms (tokens), the table's words for the pages'
(synonyms), the game it names (games), and what it asks (asked)."""
