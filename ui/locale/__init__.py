"""Catalogues of the console's texts, one module per language (Spanish is the source)."""
