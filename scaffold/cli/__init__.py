"""The command line: thin typer commands over the library; the only place that prints and exits."""
