# generated from dashboard-module 2026.1.1+r3 (sha256 80a9c1bb8dabce9d5d0439e8a596536c41596e9d6ebc2bcc7c74b06f11858117) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1+r3).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, texts.py) instead of these files.
"""
