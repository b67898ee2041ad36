# generated from dashboard-module 2026.1.1 (sha256 548495bca736da651a0e41f0244d06061f7d123b39758de786534e11801e0257) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, texts.py) instead of these files.
"""
