"""A bot program for the tests of the bot protocol (docs/bot-protocol.md): a random
bot, or, given a fault's name as its argument, a program that commits that fault at
its second decision (or at its hello).

    python tests/protocol_bot.py            # plays random legal decisions
    python tests/protocol_bot.py notjson    # answers its second decision with text
    python tests/protocol_bot.py tally=FILE # plays random decisions, a line each in FILE,
                                            # and a line for each end of a game
    python tests/protocol_bot.py FAULT spawn=FILE  # also starts a helper process at its
                                            # hello (its pid in FILE) and leaves it running
    python tests/protocol_bot.py FAULT games=necropolis,buildup  # names its games in its hello
    python tests/protocol_bot.py FAULT spawn=FILE escape=setsid   # the helper calls setsid()
    python tests/protocol_bot.py FAULT spawn=FILE escape=daemon   # the helper is a daemon: fork,
                                            # setsid, fork; its parent exits at once
    python tests/protocol_bot.py none v2 think=MS   # speaks version 2, thinks MS ms a decision
    python tests/protocol_bot.py none v2 think=clock  # thinks a 40th of its clock (clock_ms) plus
                                            # half its increment (increment_ms), as a bot should

``floatprotocol`` says ``"protocol": 1.0`` in its hello.

Faults that are not the protocol's forfeits but `bot check`'s findings: ``noquit``
(ignores quit), ``badexit`` (exits with code 3 on quit), ``chatty`` (answers each
``end``), ``strict`` (exits on a message of a type it does not know); ``noisy`` is
no fault: it writes a line on its standard error for every message; nor is
``figures``: each action reports its figures (``{"iterations": N, "depth": 1.5}``,
N its decision's number), which ``badfigures`` does from its second decision on
with a value that is no number.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

FAULTS = ("nohello", "wrongprotocol", "floatprotocol", "notjson", "notobject", "illegal", "slow", "exit",
          "noquit", "badexit", "chatty", "strict", "badfigures")


def send(message) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main(fault: str = "", *extra: str) -> None:
    spawn = next((word for word in extra if word.startswith("spawn=")), "")
    games = next((word[len("games="):].split(",") for word in extra if word.startswith("games=")), None)
    escape = next((word[len("escape="):] for word in extra if word.startswith("escape=")), "")
    think = next((word[len("think="):] for word in extra if word.startswith("think=")), "")
    rng = random.Random(0)
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if fault == "noisy":
            print(f"noise: a {kind} message", file=sys.stderr, flush=True)
        if kind == "hello":
            if spawn.startswith("spawn="):
                spawn_helper(spawn[len("spawn="):], escape)
            if fault == "nohello":
                send({"type": "action", "action": "draw"})
            else:
                version = {"wrongprotocol": 3, "floatprotocol": 1.0}.get(fault, 2 if "v2" in extra else 1)
                hello = {"type": "hello", "protocol": version, "name": "test bot"}
                send(hello if games is None else {**hello, "games": games})
        elif kind == "start":
            rng.seed(message["seed"])
        elif kind == "decide":
            decisions += 1
            if fault.startswith("tally="):
                with open(fault[len("tally="):], "a", encoding="utf-8") as tally:
                    tally.write(f"{len(message['steps'])} steps, {len(message['legal'])} legal\n")
            legal = message["legal"]
            if think == "clock":
                time.sleep((message["clock_ms"] / 40 + message["increment_ms"] / 2) / 1000)
            elif think:
                time.sleep(int(think) / 1000)
            if decisions >= 2 and fault == "notjson":
                sys.stdout.write("play the double six\n")
                sys.stdout.flush()
            elif decisions >= 2 and fault == "notobject":
                send([rng.choice(legal)])
            elif decisions >= 2 and fault == "illegal":
                send({"type": "action", "action": "resign"})
            elif decisions >= 2 and fault == "slow":
                time.sleep(30)
            elif decisions >= 2 and fault == "exit":
                print("giving up", file=sys.stderr)
                sys.exit(4)
            elif fault in ("figures", "badfigures"):
                iterations = "many" if decisions >= 2 and fault == "badfigures" else decisions
                send({"type": "action", "action": rng.choice(legal), "figures": {"iterations": iterations,
                                                                                  "depth": 1.5}})
            else:
                send({"type": "action", "action": rng.choice(legal)})
        elif kind == "end" and fault.startswith("tally="):
            with open(fault[len("tally="):], "a", encoding="utf-8") as tally:
                tally.write(f"end {len(message['steps'])} steps, scores {message['scores']}, "
                            f"winners {message['winners']}\n")
        elif kind == "end" and fault == "chatty":
            send({"type": "action", "action": "thanks for the game"})
        elif kind == "quit" and fault == "badexit":
            sys.exit(3)
        elif kind == "quit" and fault != "noquit":
            return
        elif kind not in ("hello", "start", "decide", "end", "quit") and fault == "strict":
            sys.exit(5)


HELPERS = {
    "": "import time; time.sleep(120)",
    "setsid": "import os, time; os.setsid(); time.sleep(120)",
    # The classic daemon: its first parent exits at once, so the sleeper is init's child,
    # in a session of its own, before any probe can see the chain that led to it.
    "daemon": ("import os, sys, time\n"
               "if os.fork(): os._exit(0)\n"
               "os.setsid()\n"
               "if os.fork(): os._exit(0)\n"
               "open(sys.argv[1], 'a').write(f'{os.getpid()}\\n')\n"
               "time.sleep(120)\n"),
}


def spawn_helper(pids_file: str, escape: str) -> None:
    """Start a helper that sleeps 120 s and note its pid in `pids_file` (a daemon
    notes its own, once it is one)."""
    if escape == "daemon":
        subprocess.run([sys.executable, "-c", HELPERS[escape], pids_file], check=True)  # its first parent
        return
    helper = subprocess.Popen([sys.executable, "-c", HELPERS[escape]])
    with open(pids_file, "a", encoding="utf-8") as pids:
        pids.write(f"{helper.pid}\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
