"""One module per family of games; each class is one variant's declaration."""
