"""shipyard: build, check, print and fight starships for tabletop rules systems."""

__version__ = "0.1.0"
