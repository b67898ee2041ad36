# generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1+r3).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, endpoints.py, texts.py) instead of these files.
"""
