#!/usr/bin/env python3
"""Plays a game of USI moves on a running web simulator (polarity sensors) through its HTTP API, as hands would:
a captured piece is taken off first and put on the mover's komadai, a promoting piece is turned over in the air, a
drop is lifted from the komadai. Waits for the board to count each move (GET /api/state), and prints the plies played
and how long each took from the last hand action to the move counted.

  python3 simulator/src/test/tools/web-play-usi.py http://127.0.0.1:18091/ 200 < moves.usi.txt
"""
import json
import sys
import time
import urllib.request

base = sys.argv[1].rstrip('/')
limit = int(sys.argv[2]) if len(sys.argv) > 2 else 10**9
moves = sys.stdin.read().split()[:limit]


def get(path):
    with urllib.request.urlopen(base + path) as r:
        return json.load(r)


def post(path, body):
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method='POST',
                                 headers={'Content-Type': 'application/json'})
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def hand(action, place=None, held=None):
    body = {'action': action}
    if place is not None:
        body['place'] = place
    if held is not None:
        body['held'] = held
    post('/api/hand', body)


waits = []
for usi in moves:
    state = get('/api/state')
    if state['phase'] != 'PLAYING':
        print('board is', state['phase'], 'after', state['ply'], 'plies:', state['result'])
        break
    ply, mover = state['ply'], state['toMove']
    if usi[1] == '*':
        hand('lift', f'{mover}:{usi[0]}')
        hand('put', usi[2:4])
    else:
        frm, to, promote = usi[0:2], usi[2:4], usi.endswith('+')
        captured = get('/api/view')['squares'][to]['piece']
        if captured:
            hand('lift', to)
            time.sleep(0.1)  # the square is seen empty before the capturing piece comes down
        hand('lift', frm)
        if promote:
            hand('flip', held=0)
        hand('put', to, held=0)
        if captured:
            hand('put', f'{mover}:{captured.lstrip("+").upper()}')
    done = time.monotonic()
    while get('/api/state')['ply'] == ply:
        if time.monotonic() - done > 5:
            sys.exit(f'move {ply + 1} ({usi}) was not counted within 5 s: {get("/api/state")}')
        time.sleep(0.01)
    waits.append(time.monotonic() - done)
state = get('/api/state')
waits.sort()
print(f"played {state['ply']} plies, phase {state['phase']}; last action to move counted: "
      f"median {1000 * waits[len(waits) // 2]:.0f} ms, max {1000 * waits[-1]:.0f} ms")
