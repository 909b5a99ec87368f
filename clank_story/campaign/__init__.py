"""The legacy campaign: the campaign file and what happens to it around every game.

- `model`       the file's data (schema version 2) as typed records, and its validation
- `store`       where the file lives; reading (migrations, line-numbered errors); atomic saving
- `migrations`  older layouts -> the current one, in place on the round-trip document
- `roundtrip`   merging new data into the loaded YAML so comments and key order survive
- `definition`  campaign definitions (campaigns/<id>/campaign.yaml)
- `lifecycle`   start_of_game / end_of_game / story effects: pure functions over the data
- `setup`       the campaign's changes applied to a game's Ruleset and seats
- `abilities`   permanent abilities (stickers, unlocked rules)
- `show`        `campaign show` and end-of-game sentences

Nothing is imported here, so `import clank_story.campaign.store` stays light. See docs/campaign.md.
"""
