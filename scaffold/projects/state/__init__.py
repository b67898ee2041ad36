"""A project's own recorded state and how scaffold changes it safely: answers, manifest, the paths
and bytes read from the project, the transaction that writes all files or none, the folder lock, git."""
