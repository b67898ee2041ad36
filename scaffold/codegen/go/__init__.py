"""Go: the generator of a data source plugin service's contract-owned package (`internal/contract/`)."""
