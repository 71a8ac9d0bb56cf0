"""The `content` option as every game with a content pack states it in its options schema: an
object, none by default, described word for word, with the pack limits, the number ranges and
the vocabulary of effects it is checked against, and the characters no id of the pack may hold
(the catalog shows this to clients)."""

from __future__ import annotations

from collections.abc import Mapping

from rules_core.engine.content_limits import PackIds, limits_json
from rules_core.engine.types import JSON


def assert_content_option(
    schema: Mapping[str, JSON],
    game_folder: str,
    ranges: object,
    effects: object,
    *,
    ids: PackIds,
    see: str = "",
    sizes: object = None,
) -> None:
    """`schema["content"]` states the pack of `rules_core/games/<game_folder>/content/`, its
    `ranges` and `effects` and the characters its ids may not hold (`ids`); `see` names the
    vocabulary's document where there is one; `sizes` the most of each thing a pack may hold,
    where the game states them."""
    content = schema["content"]
    assert isinstance(content, dict)
    stated = {"type", "default", "description", "limits", "ranges", "effects"}
    assert set(content) == stated | ({"sizes"} if sizes is not None else set())
    assert content["type"] == "object" and content["default"] is None
    refused = (
        "`limits`, or with a number outside its range in `ranges`"
        if sizes is None
        else "`limits`, with a number outside its range in `ranges`, or with more of a thing "
        "than `sizes` allows"
    )
    assert content["description"] == (
        "a content pack replacing the reference pack (same schema as "
        f"rules_core/games/{game_folder}/content/reference.toml, {see}as JSON); refused above "
        + refused
    )
    assert content.get("sizes") == sizes
    assert content["limits"] == limits_json(ids=ids) and content["ranges"] == ranges
    assert content["effects"] == effects and effects
