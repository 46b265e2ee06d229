"""A plug-in bot module that ends its process at import, skipping every handler (a test fixture)."""

import os

os._exit(9)
