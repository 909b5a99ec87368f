"""`python -m clank_story`, and the `clank-story` command (pyproject.toml). The garbage collector is
paused before anything else loads (repl/collector.py): `play` keeps it paused until its prompt shows,
every other command restarts it before it starts its work (cli/main.py)."""


def run() -> None:
    from clank_story.repl import collector

    collector.hold()
    from clank_story.cli.main import main

    main()


if __name__ == "__main__":
    run()
