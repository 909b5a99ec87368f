from clank_story.cli.main import main

main()
