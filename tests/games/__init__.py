"""Games that exist only in the tests (found through GOTHAM_GAME_PACKAGES)."""
