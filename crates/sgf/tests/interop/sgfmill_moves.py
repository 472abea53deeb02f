#!/usr/bin/env python3
"""Reads an SGF file with sgfmill and prints what it sees, one item a line.

Coordinates are converted to tengen-sgf's: x = column from the left,
y = row from the top, both 0-based.

    size W H
    setup b|w|e X Y        (root set-up)
    move b|w X Y | move b|w pass
    komi K                 (if present)

Exit code 2 if sgfmill is not installed.
"""
import sys

try:
    from sgfmill import sgf
except ImportError:
    print("sgfmill not installed (pip install sgfmill)", file=sys.stderr)
    sys.exit(2)


def main(path):
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    size = game.get_size()
    print(f"size {size} {size}")
    root = game.get_root()
    blacks, whites, empties = root.get_setup_stones()
    for name, pts in (("b", blacks), ("w", whites), ("e", empties)):
        for row, col in sorted(pts, key=lambda p: (p[1], size - 1 - p[0])):
            print(f"setup {name} {col} {size - 1 - row}")
    if root.has_property("KM"):
        print(f"komi {game.get_komi()}")
    for node in game.get_main_sequence():
        colour, move = node.get_move()
        if colour is None:
            continue
        if move is None:
            print(f"move {colour} pass")
        else:
            row, col = move
            print(f"move {colour} {col} {size - 1 - row}")


if __name__ == "__main__":
    main(sys.argv[1])
