#!/usr/bin/env python3
# Saves every game the board finishes as <game-id>.kif (Shift_JIS, byte-exact). Usage: save-games.py /dev/ttyACM0
import os, sys
os.system(f"stty -F {sys.argv[1]} raw -echo 115200"); dev = open(sys.argv[1], "r+b", buffering=0); game = "game"
def read(n):
    b = b""
    while len(b) < n: b += dev.read(n - len(b))
    return b
def line():
    b = b""
    while not b.endswith(b"\n"): b += read(1)
    return b.rstrip(b"\r\n").decode("utf-8", "replace")
while True:
    w = line().split(" ")
    if w[0] == "*" and w[2] == "GAME": game = w[3]
    if w[0] == "*" and w[2] == "RESULT":
        dev.write(b"GET current kif\n")
        while not (r := line()).startswith(("OK", "ERR")): pass  # events pushed meanwhile
        if r.startswith("OK "): open(game + ".kif", "wb").write(read(int(r[3:]) + 1)[:-1]); print(game + ".kif", flush=True)
