"""The table: where a game is played. `open_game(spec)` opens every kind of game; a `Table` takes
typed lines through one dispatcher and answers in prose; saves, the campaign's lock and the end of a
game are kept here, for the prompt, scripts and the browser alike."""
