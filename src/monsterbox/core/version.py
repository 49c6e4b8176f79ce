"""The engine's version (``monsterbox.__version__``), written into every record."""

__version__ = "0.1.0"
