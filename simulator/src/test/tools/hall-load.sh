#!/usr/bin/env bash
# The hall under load (docs/benchmarks.md): one Mosquitto, the hall server, and N simulated boards (hall-sim) in
# three processes on this machine for S seconds. Prints, from the boards' acknowledgement log and the hall's trace of
# the events it took: the events and moves that arrived (by seq, per board), the delay from a move's acknowledgement
# on its board to the hall's update (p50, p99, max), and the CPU time and peak memory of each process.
# Usage: [SIM_OPTS=-Xmx3g] bash simulator/src/test/tools/hall-load.sh BOARDS [casual|blitz] [SECONDS]   (jars built first:
#        ./mvnw -q -pl simulator -am package -DskipTests)
set -euo pipefail
cd "$(dirname "$0")/../../../.."
boards=${1:?boards}; pace=${2:-blitz}; seconds=${3:-60}
java="$(.mvn/find-jdk)/bin/java"
work=$(mktemp -d); port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
printf 'listener %s 127.0.0.1\nallow_anonymous true\nuser root\npersistence false\nmax_queued_messages 100000\n' \
  "$port" > "$work/mosquitto.conf"
/usr/sbin/mosquitto -c "$work/mosquitto.conf" > "$work/mosquitto.log" 2>&1 & broker=$!
sleep 0.5
"$java" -jar board-firmware/target/shogiban.jar hall --broker "tcp://127.0.0.1:$port" --port 0 \
  --state "$work/hall-state" --trace "$work/trace.txt" > "$work/hall.log" 2>&1 & hall=$!
sleep 2
"$java" ${SIM_OPTS:-} -jar simulator/target/shogiban-simulator.jar hall-sim --broker "tcp://127.0.0.1:$port" --boards "$boards" \
  --pace "$pace" --state "$work/state" --ack-log "$work/acks.txt" > "$work/sim.log" 2>&1 & sim=$!
sleep "$seconds"
stat() { # cpu seconds (user+system) and peak RSS MiB of a process
  awk '{printf "%.1f", ($14+$15)/100}' "/proc/$1/stat"; printf ' s CPU, peak RSS '
  awk '/VmHWM/{printf "%d MiB\n", $2/1024}' "/proc/$1/status"
}
echo "after $seconds s with $boards boards ($pace) on $(nproc) cores:"
echo "  broker: $(stat $broker)"; echo "  hall:   $(stat $hall)"; echo "  boards: $(stat $sim)"
kill $sim; sleep 3; kill $hall $broker || true; sleep 1
python3 - "$work" "$seconds" <<'PY'
import sys, collections
work, seconds = sys.argv[1], int(sys.argv[2])
# the n-th acknowledgement of (board, ply) is the n-th MOVE event of that ply the hall took (one per game)
acks = {}; count = collections.Counter()
for l in open(f"{work}/acks.txt"):
    t, b, ply = l.split()[:3]; k = (b, int(ply)); acks[k + (count[k],)] = int(t); count[k] += 1
end = max(acks.values()) if acks else 0
seen = {}; seqs = collections.defaultdict(list); count = collections.Counter()
for l in open(f"{work}/trace.txt"):
    w = l.split(); t, b, seq, typ = int(w[0]), w[1], int(w[2]), w[3]
    seqs[b].append(seq)
    if typ == "MOVE": k = (b, int(w[4])); seen[k + (count[k],)] = t; count[k] += 1
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
PY
echo "  (logs in $work)"
