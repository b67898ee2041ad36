# generated from dashboard-module 2026.1.1+r4 (sha256 7ddc56f6149583c34c14bd191d0961b3a32c66f2ac69a93da4ccdc6eb869a2ae) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1+r4).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, endpoints.py, texts.py) instead of these files.
"""
