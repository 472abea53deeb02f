"""Light playouts with PyPI sgfmill's Board, the same policy as `tengen bench playouts`.

sgfmill's Board.play() allows suicide (it removes the group) and returns the simple-ko point, so
legality (no suicide, simple ko) is checked the way a user of sgfmill would: play on a copy and
look. Usage: python playouts.py SIZE SECONDS   -> last line "N playouts/s"
"""
import random
import sys
import time

from sgfmill import boards

size = int(sys.argv[1]) if len(sys.argv) > 1 else 9
seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
rng = random.Random(12345)
other = {"b": "w", "w": "b"}


def eyelike(board, colour, r, c):
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < size and 0 <= cc < size and board.get(rr, cc) != colour:
            return False
    enemies, edge = 0, False
    for dr, dc in ((-1, -1), (1, -1), (-1, 1), (1, 1)):
        rr, cc = r + dr, c + dc
        if not (0 <= rr < size and 0 <= cc < size):
            edge = True
        elif board.get(rr, cc) == other[colour]:
            enemies += 1
    return enemies < (1 if edge else 2)


def playout():
    board = boards.Board(size)
    colour, passes, plies, ko = "b", 0, 0, None
    while passes < 2 and plies < 3 * size * size:
        empties = [(r, c) for r in range(size) for c in range(size) if board.get(r, c) is None]
        remaining = len(empties)
        played = False
        while remaining > 0:
            i = rng.randrange(remaining)
            r, c = empties[i]
            if (r, c) != ko and not eyelike(board, colour, r, c):
                trial = board.copy()
                new_ko = trial.play(r, c, colour)
                if trial.get(r, c) == colour:  # not a suicide
                    board, ko, played = trial, new_ko, True
                    break
            remaining -= 1
            empties[i] = empties[remaining]
        if played:
            passes = 0
        else:
            passes += 1
            ko = None
        colour = other[colour]
        plies += 1
    return plies


start = time.perf_counter()
n = plies = 0
while time.perf_counter() - start < seconds:
    plies += playout()
    n += 1
t = time.perf_counter() - start
print(f"sgfmill {size}x{size}: {plies / n:.1f} plies/playout")
print(f"{round(n / t)} playouts/s")
