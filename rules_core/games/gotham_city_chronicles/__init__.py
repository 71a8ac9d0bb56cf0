"""Batman: Gotham City Chronicles (issue 16), under construction.

Not registered yet: the package registers its game once a whole mission plays from set-up to an
end through `decide` (README.md). Until then its modules are imported directly by their tests.
"""
