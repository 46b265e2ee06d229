"""A plug-in bot module that ends the program as it is imported (a test fixture)."""

import sys

sys.exit(0)
