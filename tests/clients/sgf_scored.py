#!/usr/bin/env python3
"""Game information of tengen's SGF, read by sgfmill: a scored server game and GTP printsgf.

    python3 sgf_scored.py TENGEN OUT_DIR

1. Starts `tengen serve` on loopback (its store in OUT_DIR), plays a 7x7 game under Japanese
   rules through the HTTP API with a dead stone on each side, marks them, both accept, and reads
   `GET /api/games/{id}/sgf` with sgfmill: RU names the preset whose row in the interface
   contract's table matches the server's rules text, KM its komi, DT the UTC date of the game,
   RE the server's result, PB/PW the names, TB/TW exactly the state's `territory` (which holds
   the dead stones), and each dead stone in the territory of the other color on sgfmill's own
   replay of the moves.
2. Plays the same moves in `tengen gtp` and reads `printsgf` with sgfmill: RU, KM, DT, and RE
   equal to `final_score`.
Writes OUT_DIR/scored.json (the files and what each must say) for sgf_scored.js, which reads
them with @sabaki/sgf. Prints one line per check, then `RESULT passed failed`.
"""
import datetime
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

from sgfmill import sgf, sgf_moves

from gtp_pipe import Gtp

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"

# The interface contract's presets (docs/INTERFACES.md, "Rules"): ko, suicide, scoring,
# handicap bonus. Names as an SGF RU writes them, compared without case, '-', '_' or spaces.
PRESETS = {
    "chinese": ("simple", "forbidden", "area", "n"),
    "japanese": ("simple", "forbidden", "territory", "0"),
    "korean": ("simple", "forbidden", "territory", "0"),
    "aga": ("situational", "forbidden", "area", "n-1"),
    "nz": ("situational", "allowed", "area", "0"),
    "newzealand": ("situational", "allowed", "area", "0"),
    "tromptaylor": ("positional", "allowed", "area", "0"),
}

# 7x7: black walls column C, white column D; black invades at F4, white at B4. Both invaders die.
MOVES = ["C4", "D4", "C3", "D3", "C5", "D5", "C2", "D2", "C6", "D6", "C1", "D1", "C7", "D7",
         "F4", "B4", "pass", "pass"]
SIZE = 7


def norm(name):
    return "".join(ch for ch in name.lower() if ch not in "-_ ")


def vertex(row, col):
    return f"{COLUMNS[col]}{row + 1}"


def pairs(rules_text):
    return dict(kv.split("=", 1) for kv in rules_text.split(","))


class Server:
    """`tengen serve` on a free loopback port."""

    def __init__(self, tengen, out):
        self.p = subprocess.Popen(
            [tengen, "serve", "--addr", "127.0.0.1:0", "--store",
             "sqlite:" + os.path.join(out, "scored.db")],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        line = self.p.stdout.readline()
        if not line.startswith("listening on "):
            raise RuntimeError(f"tengen serve said {line!r}")
        self.base = line.split()[-1]

    def call(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        rq = urllib.request.Request(self.base + path, data=data, method=method)
        rq.add_header("Content-Type", "application/json")
        if token:
            rq.add_header("Authorization", "Bearer " + token)
        try:
            with urllib.request.urlopen(rq, timeout=30) as res:
                return res.status, res.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def close(self):
        self.p.terminate()
        self.p.wait(timeout=30)


def root_text(root, prop):
    return root.get(prop) if root.has_property(prop) else None


def main():
    tengen, out = sys.argv[1:3]
    os.makedirs(out, exist_ok=True)
    passed = failed = 0

    def check(name, ok, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
            print(f"ok   {name}")
        else:
            failed += 1
            print(f"FAIL {name}: {detail}")

    def utc_today():
        return datetime.datetime.now(datetime.timezone.utc).date().isoformat()

    manifest = []

    # 1. A scored game on the server.
    server = Server(tengen, out)
    try:
        day_before = utc_today()
        status, text = server.call("POST", "/api/games", {
            "width": SIZE, "height": SIZE, "rules": "japanese",
            "black_name": "Honinbō Shūsaku", "white_name": "Gennan Inseki"})
        assert status == 201, text
        created = json.loads(text)
        gid, tokens = created["id"], [created["black_token"], created["white_token"]]
        for n, mv in enumerate(MOVES):
            status, text = server.call("POST", f"/api/games/{gid}/moves",
                                       {"move": mv, "move_number": n}, tokens[n % 2])
            assert status == 200, f"{mv}: {text}"
        state = json.loads(text)
        assert state["phase"] == "scoring", state["phase"]
        for point in ("F4", "B4"):
            if point not in state["dead"]:
                status, text = server.call("POST", f"/api/games/{gid}/dead", {
                    "point": point, "dead": True, "marks_version": state["marks_version"]},
                    tokens[0])
                assert status == 200, text
                state = json.loads(text)
        for token in tokens:
            status, text = server.call("POST", f"/api/games/{gid}/accept",
                                       {"marks_version": state["marks_version"]}, token)
            assert status == 200, text
        state = json.loads(text)
        day_after = utc_today()
        check("server game finished by scoring", state["phase"] == "finished"
              and sorted(state["dead"]) == ["B4", "F4"], f"{state['phase']} {state['dead']}")
        status, record = server.call("GET", f"/api/games/{gid}/sgf")
    finally:
        server.close()
    path = os.path.join(out, "server-scored.sgf")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(record)
    game = sgf.Sgf_game.from_bytes(record.encode("utf-8"))
    root = game.get_root()
    ru = root_text(root, "RU") or ""
    rules = pairs(state["rules"])
    want_preset = (rules["ko"], rules["suicide"], rules["scoring"], rules["handicap-bonus"])
    check("server RU names the preset of its rules",
          PRESETS.get(norm(ru)) == want_preset, f"RU[{ru}] for {state['rules']}")
    check("server KM is the komi", root_text(root, "KM") == state["komi"],
          f"{root_text(root, 'KM')} != {state['komi']}")
    dt = root_text(root, "DT")
    check("server DT is the UTC date", dt in (day_before, day_after), f"DT[{dt}]")
    # By hand, territory scoring: black counts A1-B7 (14 points, B4 with the dead white stone)
    # + 1 prisoner = 15; white counts E1-G7 (21 points, F4 with the dead black stone) + 1
    # prisoner + komi 6.5 = 28.5. W+13.5.
    check("server result is the hand count", state["result"] == "W+13.5", state["result"])
    check("server RE is the result", root_text(root, "RE") == state["result"],
          f"{root_text(root, 'RE')} != {state['result']}")
    check("server PB/PW are the names",
          (root_text(root, "PB"), root_text(root, "PW"))
          == (state["black_name"], state["white_name"]),
          f"{root_text(root, 'PB')}/{root_text(root, 'PW')}")
    last = game.get_main_sequence()[-1]
    tb = sorted(vertex(*p) for p in (last.get("TB") if last.has_property("TB") else []))
    tw = sorted(vertex(*p) for p in (last.get("TW") if last.has_property("TW") else []))
    check("server TB/TW are the state's territory",
          (tb, tw) == (sorted(state["territory"]["black"]), sorted(state["territory"]["white"])),
          f"TB {tb} TW {tw} != {state['territory']}")
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(move[0], move[1], colour)
    ok = True
    for v in state["dead"]:
        col, row = COLUMNS.index(v[0]), int(v[1:]) - 1
        colour = board.get(row, col)
        ok = ok and colour is not None and v in (tw if colour == "b" else tb)
    check("server dead stones lie in the other color's TB/TW", ok and state["dead"] != [],
          f"dead {state['dead']}, TB {tb}, TW {tw}")
    manifest.append({"file": os.path.abspath(path), "RU": ru, "KM": state["komi"],
                     "DT": dt, "RE": state["result"], "PB": state["black_name"],
                     "PW": state["white_name"], "TB": tb, "TW": tw})

    # 2. The same moves in tengen gtp; its printsgf.
    engine = Gtp([tengen, "gtp"])
    try:
        engine.ask(f"boardsize {SIZE}")
        engine.ask("clear_board")
        engine.ask("kata-set-rules japanese")
        engine.ask("komi 6.5")
        for n, mv in enumerate(MOVES):
            engine.ask(f"play {'BW'[n % 2]} {mv}")
        day_before = utc_today()
        score = engine.ask("final_score")
        text = engine.ask("printsgf")
        day_after = utc_today()
    finally:
        engine.close()
    path = os.path.join(out, "gtp-printsgf.sgf")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    root = sgf.Sgf_game.from_bytes(text.encode("utf-8")).get_root()
    ru = root_text(root, "RU") or ""
    check("printsgf RU names the Japanese preset",
          PRESETS.get(norm(ru)) == PRESETS["japanese"], f"RU[{ru}]")
    check("printsgf KM is the komi", root_text(root, "KM") == 6.5, f"{root_text(root, 'KM')}")
    dt = root_text(root, "DT")
    check("printsgf DT is the UTC date", dt in (day_before, day_after), f"DT[{dt}]")
    check("printsgf RE is final_score", root_text(root, "RE") == score,
          f"{root_text(root, 'RE')} != {score}")
    manifest.append({"file": os.path.abspath(path), "RU": ru, "KM": 6.5, "DT": dt, "RE": score,
                     "PB": None, "PW": None, "TB": [], "TW": []})

    with open(os.path.join(out, "scored.json"), "w", encoding="utf-8") as fh:
        json.dump(manifest, fh)
    print(f"RESULT {passed} {failed}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
