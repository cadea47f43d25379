"""A third-party system whose import fails."""

raise ImportError("toy_ships_broken needs a module that is not installed")
