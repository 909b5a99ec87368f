"""Authoring tools: `book lint`, `book graph`, `book preview`, `book schema`, `campaign scaffold`, and the
generator of the reference sections of docs/authoring.md.

Everything here reads content through the loaders the game uses (content/, story/, campaign/) and adds
checks that need more than one file at a time (reachability, flags set and read, names in templates).
Nothing here changes a content file, except `scaffold` (which writes a new folder) and `schema --out`."""
