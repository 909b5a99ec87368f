"""The command line. Before any of the game's modules load, their dataclasses' methods are served from
a byte-code cache (methodcache.py): a fifth of a short run was compiling them."""

from clank_story.cli.methodcache import install

install()
