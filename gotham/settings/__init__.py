"""Settings split by environment: base (shared), test, production."""
