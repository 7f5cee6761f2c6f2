#!/usr/bin/env bash
# The hall under load (docs/benchmarks.md): one Mosquitto, the hall server, and N simulated boards (hall-sim) in
# three processes on this machine for S seconds. Prints, from the boards' acknowledgement log and the hall's trace of
# the events it took: the events and moves that arrived (by seq, per board), the delay from a move's acknowledgement
# on its board to the hall's update (p50, p99, max), the CPU time and peak memory of each process, and the CPU of
# each in the steady window (after the first WARM seconds, when every board plays), with the hall's CPU per move.
# With PAGES=n and READERS=m, n arbiter pages long-poll /api/hall?since=VERSION as the real page does (gzip, applying
# the changes to their picture of the hall) and m relay readers poll /relay/<board>.kif every 2 s with If-None-Match
# (one Python process; its answers per second, bytes and p99 are printed). PAGE_API=full makes the pages poll the whole
# hall (/api/hall?after=VERSION, no gzip), as the page did before the changes were served.
# HALL_JAR and SIM_JAR run other builds (a before/after comparison on the same load); SIM_TIME=main=600,byoyomi=30
# gives the light boards' games a clock (a snapshot every second and a CLOCK event each move, as in a tournament).
# Usage: [SIM_BOARD=light] [SIM_TIME=...] [SIM_OPTS=-Xmx3g] [HALL_OPTS=...] [PAGES=20 READERS=200 [PAGE_API=full]] [WARM=20] \
#        bash simulator/src/test/tools/hall-load.sh BOARDS [casual|blitz] [SECONDS]
#        (jars built first: ./mvnw -q -pl simulator -am package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../../../.."
boards=${1:?boards}; pace=${2:-blitz}; seconds=${3:-60}; warm=${WARM:-20}
java="$(.mvn/find-jdk)/bin/java"
work=$(mktemp -d); port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
printf 'listener %s 127.0.0.1\nallow_anonymous true\nuser root\npersistence false\nmax_queued_messages 100000\n' \
  "$port" > "$work/mosquitto.conf"
/usr/sbin/mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 & broker=$!
sleep 0.5
"$java" ${HALL_OPTS:-} -jar "${HALL_JAR:-board-firmware/target/shogiban.jar}" hall --broker "tcp://127.0.0.1:$port" --port 0 \
  --state "$work/hall-state" --trace "$work/trace.txt" > "$work/hall.log" 2>&1 & hall=$!
sleep 2
"$java" ${SIM_OPTS:-} -jar "${SIM_JAR:-simulator/target/shogiban-simulator.jar}" hall-sim --broker "tcp://127.0.0.1:$port" --boards "$boards" \
  --pace "$pace" ${SIM_BOARD:+--board $SIM_BOARD} ${SIM_TIME:+--time $SIM_TIME} --state "$work/state" --ack-log "$work/acks.txt" > "$work/sim.log" 2>&1 & sim=$!
readers=
if [ -n "${PAGES:-}${READERS:-}" ]; then
  # the hall says its address once it serves (later than 2 s on a loaded machine)
  for _ in $(seq 120); do grep -q 'http://127.0.0.1:[0-9]*/' "$work/hall.log" && break; sleep 0.5; done
  url=$(grep -o 'http://127.0.0.1:[0-9]*/' "$work/hall.log" | head -1)
  python3 - "$url" "${PAGES:-0}" "${READERS:-0}" "$boards" "$work/readers.txt" "${PAGE_API:-since}" <<'PY' & readers=$!
import sys, threading, time, urllib.request, urllib.error, json, signal, gzip
url, pages, readers, boards, out, api = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5], sys.argv[6]
lock = threading.Lock(); relay = []; polls = [0]; received = [0]
def apply(view, doc):  # as the page's hall-delta.js
    if view is None or doc.get("full", True): return doc
    changed = {b["id"]: b for b in doc["boards"]}
    boards = {b["id"]: b for b in view["boards"]}; boards.update(changed)
    calls = [c for c in view["calls"] if c["board"] not in changed] + doc["calls"]
    return {**view, "version": doc["version"], "faults": doc["faults"], "boards": [boards[k] for k in sorted(boards)],
            "calls": calls, "rounds": doc.get("rounds", view["rounds"])}
def page():
    after = -1; view = None
    while True:
        try:
            if api == "full":
                req = urllib.request.Request(f"{url}api/hall?after={after}")
            else:
                req = urllib.request.Request(f"{url}api/hall?since={after}", headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(req, timeout=30) as r:
                raw = r.read()
                body = gzip.decompress(raw) if r.headers.get("Content-Encoding") == "gzip" else raw
            view = apply(view, json.loads(body)); after = view["version"]
            with lock: polls[0] += 1; received[0] += len(raw)
        except Exception: time.sleep(1)
def reader(i):
    tag = None; board = f"sim-{i % boards + 1:03d}"; time.sleep(i * 2.0 / max(1, readers))
    while True:
        t = time.monotonic(); req = urllib.request.Request(f"{url}relay/{board}.kif")
        if tag: req.add_header("If-None-Match", tag)
        try:
            with urllib.request.urlopen(req, timeout=10) as r: r.read(); tag = r.headers.get("ETag"); code = r.status
        except urllib.error.HTTPError as e: code = e.code
        except Exception: code = 0
        with lock: relay.append((time.time(), code, (time.monotonic() - t) * 1000))
        time.sleep(max(0, 2 - (time.monotonic() - t)))
def report(*_):
    with lock:
        with open(out, "w") as f:
            f.write(f"pages {pages} ({api}) answered {polls[0]} long polls, {received[0] / 1e6:.1f} MB received\n")
            for r in relay: f.write(f"{r[0]:.3f} {r[1]} {r[2]:.1f}\n")
    sys.exit(0)
signal.signal(signal.SIGTERM, report)
for _ in range(pages): threading.Thread(target=page, daemon=True).start()
for i in range(readers): threading.Thread(target=reader, args=(i,), daemon=True).start()
while True: time.sleep(1)
PY
fi
ticks() { awk '{print $14+$15}' "/proc/$1/stat"; }
# the hall's CPU by thread kind (a thread's name without its number: Paho's, the JIT's, the collector's, the hall's;
# the fields after the name, which may hold spaces)
threads() { for d in /proc/$hall/task/*; do printf '%s %s\n' "$(tr ' ' _ < "$d/comm" | sed 's/[-_#]*[0-9]*$//')" \
  "$(sed 's/.*) //' "$d/stat" | awk '{print $12+$13}')"; done 2>/dev/null | awk '{t[$1]+=$2} END {for (k in t) print k, t[k]}'; }
sleep "$warm"
c0=($(ticks $broker) $(ticks $hall) $(ticks $sim)); t0=$(date +%s%3N); threads > "$work/threads0.txt"
sleep "$((seconds - warm))"
c1=($(ticks $broker) $(ticks $hall) $(ticks $sim)); t1=$(date +%s%3N); threads > "$work/threads1.txt"
stat() { # cpu seconds (user+system) and peak RSS MiB of a process
  awk '{printf "%.1f", ($14+$15)/100}' "/proc/$1/stat"; printf ' s CPU, peak RSS '
  awk '/VmHWM/{printf "%d MiB\n", $2/1024}' "/proc/$1/status"
}
echo "after $seconds s with $boards boards ($pace${SIM_BOARD:+, $SIM_BOARD}) on $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg):"
echo "  broker: $(stat $broker)"; echo "  hall:   $(stat $hall)"; echo "  boards: $(stat $sim)"
[ -n "$readers" ] && kill -TERM $readers && sleep 1
kill $sim; sleep 3; kill $hall $broker || true; sleep 1
python3 - "$work" "$seconds" "$t0" "$t1" "${c0[*]}" "${c1[*]}" <<'PY'
import sys, collections, os
work, seconds, t0, t1 = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
c0, c1 = [int(x) for x in sys.argv[5].split()], [int(x) for x in sys.argv[6].split()]
# the n-th acknowledgement of (board, ply) is the n-th MOVE event of that ply the hall took (one per game)
acks = {}; count = collections.Counter()
for l in open(f"{work}/acks.txt"):
    t, b, ply = l.split()[:3]; k = (b, int(ply)); acks[k + (count[k],)] = int(t); count[k] += 1
end = max(acks.values()) if acks else 0
seen = {}; seqs = collections.defaultdict(list); count = collections.Counter(); window_moves = 0
for l in open(f"{work}/trace.txt"):
    w = l.split(); t, b, seq, typ = int(w[0]), w[1], int(w[2]), w[3]
    seqs[b].append(seq)
    if typ == "MOVE":
        k = (b, int(w[4])); seen[k + (count[k],)] = t; count[k] += 1
        if t0 <= t < t1: window_moves += 1
gaps = sum(1 for b, s in seqs.items() if s != list(range(s[0], s[0] + len(s))))
old = [k for k, t in acks.items() if t < end - 5000]   # acknowledged 5 s or more before the end
missing = [k for k in old if k not in seen]
d = sorted(seen[k] - acks[k] for k in acks if k in seen)
pct = lambda p: d[min(len(d) - 1, int(p * len(d)))] if d else float('nan')
print(f"  events taken by the hall: {sum(len(s) for s in seqs.values())} from {len(seqs)} boards;"
      f" boards whose seqs are not contiguous: {gaps}")
print(f"  moves acknowledged: {len(acks)}; of those 5 s before the end, missing at the hall: {len(missing)}")
types = collections.Counter(l.split()[3] for l in open(f"{work}/trace.txt"))
print("  event types: " + ", ".join(f"{k} {v}" for k, v in types.most_common()))
print(f"  acknowledgement -> hall update: p50 {pct(0.5)} ms, p99 {pct(0.99)} ms, max {d[-1] if d else '-'} ms"
      f" over {len(d)} moves")
span = (t1 - t0) / 1000
cpu = [(b - a) / 100 for a, b in zip(c0, c1)]
print(f"  steady window {span:.0f} s: {window_moves} moves at the hall ({window_moves / span:.1f}/s); CPU broker"
      f" {cpu[0]:.1f} s, hall {cpu[1]:.1f} s, boards {cpu[2]:.1f} s ({100 * cpu[2] / span:.0f} % of a core);"
      f" hall CPU per move {1000 * cpu[1] / max(1, window_moves):.2f} ms")
t0s = dict(l.split() for l in open(f"{work}/threads0.txt")); t1s = dict(l.split() for l in open(f"{work}/threads1.txt"))
by = sorted(((int(v) - int(t0s.get(k, 0))) / 100, k) for k, v in t1s.items())[::-1]
print("  hall's CPU in the window by thread: " + ", ".join(f"{k} {c:.1f} s" for c, k in by if c >= 0.05)
      + " (threads that ended in the window are not counted)")
if os.path.exists(f"{work}/readers.txt"):
    lines = open(f"{work}/readers.txt").read().splitlines()
    print("  " + lines[0])
    r = [l.split() for l in lines[1:]]
    r = [(float(a), int(c), float(ms)) for a, c, ms in r if t0 / 1000 <= float(a) < t1 / 1000]
    lat = sorted(x[2] for x in r); codes = collections.Counter(x[1] for x in r)
    p = lambda q: lat[min(len(lat) - 1, int(q * len(lat)))] if lat else float('nan')
    print(f"  relay in the window: {len(r) / span:.1f} answers/s ({dict(codes)}), p50 {p(0.5):.1f} ms,"
          f" p99 {p(0.99):.1f} ms, max {lat[-1] if lat else 0:.1f} ms")
PY
echo "  (logs in $work)"
