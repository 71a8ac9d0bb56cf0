"""Pure-Python game rules: the engine, the games, the bots and the rulebook index (no Django)."""
