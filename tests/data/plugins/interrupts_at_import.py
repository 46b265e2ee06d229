"""A plug-in bot module that raises KeyboardInterrupt as it is imported (a test fixture)."""

raise KeyboardInterrupt
