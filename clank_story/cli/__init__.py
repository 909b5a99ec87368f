"""The command line. Before any of the game's modules load, their dataclasses' methods are served from
a byte-code cache (methodcache.py): a fifth of a short run was compiling them. Regular expressions are
served from one too (patterncache.py), the libraries' included."""

from clank_story.cli import patterncache
from clank_story.cli.methodcache import install

patterncache.install()
install()
