# generated from dashboard-module 2026.1.1+r3 (sha256 18cc94d2d7de45c3d909b737683164641a7d5714448e5ef759f15e702f980fbe) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1+r3).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, texts.py) instead of these files.
"""
