"""The hall's files: the settings template, the region files and the game files.

Data, not code: installed with the program as ``app.config.files`` (pyproject.toml's
``package-dir``), so that the loader (``app.config``) finds them in an installed wheel as in a
checkout, always through ``app.config.shipped_file``.
"""
