"""clank-story: a command-line game and authoring kit for Clank!-style deck-building adventures."""

__version__ = "0.1.0"
