# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1+r5).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, endpoints.py, texts.py) instead of these files.
"""
