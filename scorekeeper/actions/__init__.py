"""One function per write to a game (as Zulip's `do_*` functions): each checks, stores,
records who did it and lets the game's phones know after the commit. Every page that
writes (the sheet's entry, the live table's reveal, the offline queue, an import) calls
these; the views only translate a request into their arguments and their outcome into
an answer."""
