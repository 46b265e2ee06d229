"""What the client loads at run time (fonts and their licence).

This folder is the package ``dominoes_arcade.assets`` once installed: pyproject.toml
maps it into the package, so the files are found with ``importlib.resources`` from a
checkout, an editable install or a wheel alike.
"""
