#!/usr/bin/env python3
"""Time from starting `java` to READY=1 on a fake notify socket, and the resident memory after a while.

usage: systemd/measure-ready.py [--runs N] [--hold SECONDS] -- java [JVM options] -jar shogiban.jar serve --simulated ...
Starts the command N times with NOTIFY_SOCKET and WATCHDOG_USEC set, prints the milliseconds to READY=1 of each run,
keeps the last run going HOLD seconds and prints its VmRSS, then stops it with SIGTERM (as systemctl stop does).
"""
import os, signal, socket, subprocess, sys, tempfile, threading, time

args = sys.argv[1:]
runs, hold = 1, 0
while args and args[0] != '--':
    if args[0] == '--runs':
        runs = int(args[1]); args = args[2:]
    elif args[0] == '--hold':
        hold = float(args[1]); args = args[2:]
    else:
        sys.exit(__doc__)
command = args[1:]
for run in range(runs):
    path = os.path.join(tempfile.mkdtemp(), 'notify')
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(30)
    env = dict(os.environ, NOTIFY_SOCKET=path, WATCHDOG_USEC='20000000')
    begin = time.monotonic()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    while b'READY=1' not in sock.recv(4096):
        pass
    print(f'run {run + 1}: READY=1 after {(time.monotonic() - begin) * 1000:.0f} ms', flush=True)

    def drain(s=sock):
        # read on as systemd does: a full socket queue would block the service's sd_notify
        try:
            while s.recv(4096):
                pass
        except OSError:
            pass
    threading.Thread(target=drain, daemon=True).start()
    if run == runs - 1 and hold > 0:
        time.sleep(hold)
        with open(f'/proc/{proc.pid}/status') as status:
            rss = [line.split()[1] for line in status if line.startswith('VmRSS')][0]
        print(f'after {hold:.0f} s: VmRSS {int(rss) // 1024} MB', flush=True)
    stop = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    code = proc.wait(30)
    print(f'run {run + 1}: stopped in {(time.monotonic() - stop) * 1000:.0f} ms, exit {code}', flush=True)
    sock.close()
