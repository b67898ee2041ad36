"""The committed golden trees are data, never collected as tests themselves."""

collect_ignore = ["trees"]
