"""`python -m clank_story`, and the `clank-story` command (pyproject.toml). The garbage collector is
paused before anything else loads (repl/collector.py): `play` keeps it paused until its prompt shows,
`run` until its game is open, every other command restarts it before it starts its work
(cli/main.py); the process's last collection is spared."""


def run() -> None:
    from clank_story.repl import collector

    collector.hold()
    from clank_story.cli.main import main

    try:
        main()
    finally:
        collector.at_exit()


if __name__ == "__main__":
    run()
