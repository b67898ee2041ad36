"""Where a project template's versions come from and how they are rendered and merged: the per-user
template store, the released history, the shared layer, scaffold's own renderer and the 3-way update."""
