# Yours (scaffold seeds it once). The CI's contract and conformance jobs source this file (POSIX sh)
# before they start the plugin and run `scaffold check plugin` or Schemathesis: start here what the
# plugin's health check and queries need, and export what the plugin or ci/check-config.json read.
# For example, a stand-in of your API, a small program of yours answering as fakeUpstream
# (test/fake-upstream.ts) does in your tests (README "Testing your data source"):
#
#   node <your stand-in's file> 9100 > stand-in.log 2>&1 &
#   export WEATHER_API_URL=http://127.0.0.1:9100
#
# and in ci/check-config.json: {"url": "${WEATHER_API_URL}"}. Secrets go in the CI secret
# CHECK_CONFIG, a JSON object such as {"token": "..."}.
