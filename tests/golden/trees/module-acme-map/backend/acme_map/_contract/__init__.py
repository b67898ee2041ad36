# generated from dashboard-module 2026.1.1+r2 (sha256 f2c1375397204ef243e2b651d2555f7cf1d041e4fd106385fe366482eb61ad79) — do not edit; run `scaffold regenerate`
"""Contract-owned code of this module backend (dashboard-module 2026.1.1+r2).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, texts.py) instead of these files.
"""
