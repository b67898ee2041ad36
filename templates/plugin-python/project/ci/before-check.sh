# Yours (scaffold seeds it once). The CI's contract job sources this file (POSIX sh) before it
# starts the plugin and runs `scaffold check plugin`: start here what the plugin's health check
# and queries need, and export what the plugin or ci/check-config.json read. For example, a
# stand-in of your API, the fake your tests start (tests/fake_upstream.py, README "Testing your data
# source"), serving its ROUTES:
#
#   python -m tests.fake_upstream 9100 > stand-in.log 2>&1 &
#   export WEATHER_API_URL=http://127.0.0.1:9100
#
# and in ci/check-config.json: {"url": "${WEATHER_API_URL}"}. Secrets go in the CI secret
# CHECK_CONFIG, a JSON object such as {"token": "..."}.
