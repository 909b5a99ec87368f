"""Starting `clank-story play`: what the options (and the player's config file) ask for, opened at the
table, then the front end that suits the terminal: prompt_toolkit when stdin and stdout are both
terminals, plain lines otherwise, and plain lines on a terminal too in plain mode (`--plain`,
`TERM=dumb`, or `plain = true` in the config), for screen readers and braille displays."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from typing import TextIO

from clank_story.narrate.prose import Line
from clank_story.narrate.wrap import WIDTH
from clank_story.repl import collector
from clank_story.repl.config import Config, ConfigError, load
from clank_story.repl.sitting import Sitting
from clank_story.table.opening import (
    CampaignGame,
    OneShot,
    Options,
    Resume,
    Spec,
    StartError,
    fresh_seed,
    open_game,
    play_seats,
)
from clank_story.words import say


@dataclass
class PlayOptions:
    """What `clank-story play` was asked for."""

    ruleset: str | None = None
    board: str | None = None
    rivals: int | None = None
    bot: str | None = None
    seed: int | None = None
    name: str | None = None
    scenario: str | None = None
    resume: str | None = None  # "" for the latest saved one-shot game, else a slot name
    new: bool = False
    no_color: bool = False
    verbose: bool = False
    campaign: str | None = None  # a campaign file (default: the user's campaign)
    solo: bool = False
    plain: bool = False  # plain lines even on a terminal (screen readers, braille displays)
    tutorial: bool = False  # the guided practice game
    lang_given: bool = False  # --lang was given (it wins over the config file's language)

    @property
    def one_shot(self) -> bool:
        """Options that make a one-shot game; without them `play` plays the campaign's next game."""
        return self.campaign is None and (self.solo or any(
            v is not None for v in (self.ruleset, self.board, self.rivals, self.bot, self.name, self.scenario)))


def spec_of(options: PlayOptions, config: Config | None = None) -> Spec:
    """What to open. Nothing is ever overwritten: a new one-shot game takes a slot of its own, and a
    campaign's game in progress is resumed (or, with --new, set aside where the player is told). The
    config file's name, rivals and bot are defaults for one-shot games; they never turn `play` into one."""
    config = config or Config()
    if options.tutorial:
        if options.one_shot or options.campaign or options.resume is not None or options.new:
            raise StartError(say("play.tutorial.alone"))
        from clank_story.repl.tutorial import SCENARIO

        return OneShot(scenario=str(SCENARIO))
    if options.resume is not None:
        if options.one_shot or options.campaign or options.new or options.seed is not None:
            raise StartError(say("table.resume.alone"))
        return Resume(options.resume or None)
    if options.one_shot:
        seed = options.seed if options.seed is not None else (None if options.scenario else fresh_seed())
        name = options.name if options.name is not None else config.name
        rivals = options.rivals if options.rivals is not None else config.rivals
        bot = options.bot if options.bot is not None else config.bot
        seats = None if options.scenario else play_seats(name, rivals, bot, options.solo)
        ruleset = options.ruleset or (None if options.board or options.scenario else "legacy")
        return OneShot(ruleset, options.board, seed, options.solo, options.scenario, seats=seats)
    return CampaignGame(options.campaign, options.seed, new=options.new)


def start(options: PlayOptions, config: Config | None = None, width: int = WIDTH, *,
          save: bool = True) -> tuple[Sitting, list[Line]]:
    """The game opened and its first words, told `width` cells wide; `save=False` leaves the first
    save of a new game to the caller (the terminal prompt saves once it shows)."""
    config = config or Config()
    table = open_game(spec_of(options, config), Options(interactive=True, verbose=options.verbose,
                                                        save=not options.tutorial))
    try:
        table.narrator.width = width
        if config.confirm_end is not None:
            table.confirm_end = config.confirm_end
        sitting = Sitting(table, tutorial=options.tutorial)
        return sitting, sitting.first(save=save)
    except BaseException:
        table.close()
        raise


def wants_color(options: PlayOptions, config: Config | None = None) -> bool:
    """NO_COLOR (any value but empty), --no-color, TERM=dumb, plain mode and `color = false` in the
    config file all turn colour off."""
    config = config or Config()
    return not (options.no_color or os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb"
                or options.plain or config.color is False or config.plain)


def wants_plain(options: PlayOptions, config: Config | None = None) -> bool:
    """Plain mode: --plain, TERM=dumb (a terminal that cannot redraw), or `plain = true` in the config."""
    return options.plain or os.environ.get("TERM") == "dumb" or bool((config or Config()).plain)


def main(options: PlayOptions, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """The game, from the options to its end. A garbage collector paused for the start (repl/collector.py)
    restarts once the prompt shows, before plain lines are read, or when the game ends before either."""
    try:
        return _main(options, stdin, stdout)
    finally:
        collector.release()


def _main(options: PlayOptions, stdin: TextIO | None, stdout: TextIO | None) -> int:
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        config = load()
        use_config_language(options, config)
    except ConfigError as e:
        print(e, file=sys.stderr)
        return 2
    terminal = _is_tty(stdin) and _is_tty(stdout)
    plain = wants_plain(options, config)
    width = WIDTH
    if terminal:
        width = PLAIN_WIDTH if plain else _terminal_width(stdout)
    prompt = terminal and not plain  # the prompt saves a new game once it shows (repl/terminal.py)
    try:
        sitting, first = start(options, config, width, save=not prompt)
    except StartError as e:
        print(e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C while the content loads: nothing started, nothing to save
        return 130
    first = sitting.offer(first, config) if terminal else first
    try:
        if prompt:
            try:
                from clank_story.repl.terminal import run_terminal

                return run_terminal(sitting, first, color=wants_color(options, config), save_when_shown=True)
            except Exception as e:  # a terminal prompt_toolkit cannot drive: carry on with plain lines
                print(say("play.no_terminal", error=f"{type(e).__name__}: {e}"), file=sys.stderr)
                sitting.table.autosave()  # if the prompt never showed, the new game is not saved yet
                collector.release()
                from clank_story.repl.plain import run_plain

                return run_plain(sitting, [], stdin, stdout)
        collector.release()
        from clank_story.repl.plain import run_plain

        return run_plain(sitting, first, stdin, stdout, plain=plain and terminal)
    finally:
        sitting.table.close()


PLAIN_WIDTH = 100_000  # plain mode on a terminal: one idea to a line, never broken by us


def use_config_language(options: PlayOptions, config: Config) -> None:
    """The config file's language, unless --lang or CLANK_STORY_LANG says otherwise."""
    if config.language and not options.lang_given and not os.environ.get("CLANK_STORY_LANG"):
        from clank_story import words

        try:
            words.use(words.resolve(config.language))
        except words.LanguageError as e:
            raise ConfigError(str(e)) from None


def _terminal_width(stdout: TextIO) -> int:
    try:
        columns = os.get_terminal_size(stdout.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return WIDTH
    return max(columns - 1, 20)


def _is_tty(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False
