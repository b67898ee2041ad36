"""Backend of the acme-map dashboard widget module (template-owned)."""

__version__ = "0.1.0"
