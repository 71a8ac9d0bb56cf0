"""Black Metro (Emesh De Zoysa, 2022): 1-4 candidates vie for the dark city over 8 rounds.

Not registered yet: the package registers its game once a whole game plays from set-up to final
scoring (README.md, "Where the work stands")."""
