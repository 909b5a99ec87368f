"""`contracts`: the contract row, each contract with when it is checked, what it costs and pays."""

from __future__ import annotations

from clank_story.looking.common import card_name, effect_text, space_name, w
from clank_story.narrate.wrap import WIDTH, fill
from clank_story.rules.state import Game
from clank_story.story.contracts import Contract
from clank_story.story.router import Router


def contracts_text(game: Game, router: Router | None, width: int = WIDTH) -> str:
    """The contract row: each contract's name and description (as the story layer words them), then
    when it is checked, what it costs and what it pays, in this game's names."""
    if router is None:
        return w("contracts.none")
    lines = router.describe_contracts(lambda c: contract_detail(game, c))
    return "\n".join(_hang(line, width) for line in lines)


def contract_detail(game: Game, c: Contract) -> str:
    target = ""
    if c.target is not None:
        target = space_name(game, c.target) if c.trigger == "enter_space" else card_name(game, c.target)
    parts = [w(f"contracts.when.{c.trigger}", target=target)]
    cost = [w(f"contracts.cost.{k}", n=n) for k, n in c.cost.items() if n]
    if cost:
        parts.append(w("contracts.cost", cost=w("sep").join(cost)))
    reward = effect_text(game, c.reward)
    parts.append(w("contracts.reward", reward=reward) if reward else w("contracts.no_reward"))
    if not c.destroy:
        parts.append(w("contracts.stays"))
    return w("contracts.detail", parts=w("contracts.parts_sep").join(parts))


def _hang(line: str, width: int) -> str:
    """A line wrapped to the help width, its continuation indented under its text (`  Name — ...`
    lines continue two columns further in)."""
    indent = len(line) - len(line.lstrip(" "))
    return fill(line, width, subsequent=" " * (indent + 2 if indent < 4 else indent))
