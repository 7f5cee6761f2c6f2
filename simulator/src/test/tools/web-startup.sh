#!/usr/bin/env bash
# Time from the command to the page answering: starts the web simulator from the built jar, polls its page every 10 ms
# and prints the milliseconds until the first 200; then stops the process it started. Run from the checkout:
#   bash simulator/src/test/tools/web-startup.sh [runs]
set -euo pipefail
java="${JAVA:-$(.mvn/find-jdk)/bin/java}"
port="${PORT:-18090}"
for run in $(seq 1 "${1:-5}"); do
  start=$(date +%s%N)
  "$java" -jar simulator/target/shogiban-simulator.jar web --port "$port" > /dev/null 2>&1 &
  pid=$!
  until curl -fs -o /dev/null "http://127.0.0.1:$port/"; do sleep 0.01; done
  end=$(date +%s%N)
  echo "run $run: page answered after $(( (end - start) / 1000000 )) ms"
  kill "$pid"
  wait "$pid" 2>/dev/null || true
done
