"""scaffold: code generator and project scaffolder for the platform's extension contracts."""

__version__ = "0.1.0"
