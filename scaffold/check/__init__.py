"""`scaffold check`: conformance of a live plugin or module against the contract specs.

The checker plays the platform: it calls a running data source plugin the way the platform
backend does, or loads a module bundle into a headless Chromium host page the way the platform
frontend does, and validates every answer against the spec. It works for any service, whatever
language or tool made it. Library functions return a `CheckReport`; only the CLI prints it.
"""
