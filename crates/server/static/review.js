// Browsing a game's moves: the position after any move, replayed from the set-up stones and
// the moves (captures and suicide as the rules take them: a move is legal here, the server
// judged it), the number of the move that placed each stone, and the rules' preset name.
import { point, vertex } from './api.js';

// The set-up stones of an SGF record (AB/AW, handicap stones included): [{x, y, c}].
export function setupFromSgf(sgf) {
  const stones = [];
  for (const [prop, c] of [['AB', 1], ['AW', 2]]) {
    const m = new RegExp(`(?:^|[;\\]\\s])${prop}((?:\\s*\\[[a-zA-Z]{2}\\])+)`).exec(sgf);
    if (!m) continue;
    for (const v of m[1].matchAll(/\[([a-zA-Z]{2})\]/g)) {
      const code = (ch) => (ch >= 'a' ? ch.charCodeAt(0) - 97 : ch.charCodeAt(0) - 65 + 26);
      stones.push({ x: code(v[1][0]), y: code(v[1][1]), c });
    }
  }
  return stones;
}

// The position after the first `n` of `moves` ('D4', 'pass', 'resign'): `board` rows as the
// state writes them ('x', 'o', '.'), `numbers` (vertex -> the move number that placed the
// stone standing there), `last` (the vertex of move n, if a play). `first` is the color of
// move 1: 1 black, 2 white (white after handicap stones).
export function positionAt(width, height, setup, moves, n, first) {
  const grid = new Int8Array(width * height);
  const num = new Int32Array(width * height);
  for (const s of setup) if (s.x < width && s.y < height) grid[s.y * width + s.x] = s.c;
  const neighbours = (k) => {
    const x = k % width, y = (k - x) / width, out = [];
    if (x > 0) out.push(k - 1);
    if (x < width - 1) out.push(k + 1);
    if (y > 0) out.push(k - width);
    if (y < height - 1) out.push(k + width);
    return out;
  };
  // The group of the stone on k, and whether it has a liberty.
  const group = (k) => {
    const c = grid[k], seen = new Set([k]), todo = [k];
    let free = false;
    while (todo.length) {
      const j = todo.pop();
      for (const nb of neighbours(j)) {
        if (grid[nb] === 0) free = true;
        else if (grid[nb] === c && !seen.has(nb)) { seen.add(nb); todo.push(nb); }
      }
    }
    return { stones: seen, free };
  };
  const remove = (stones) => { for (const j of stones) { grid[j] = 0; num[j] = 0; } };
  let last = null;
  let color = first;
  for (let i = 0; i < Math.min(n, moves.length); i++) {
    const p = point(moves[i], height);
    last = null;
    if (p && p.x < width && p.y >= 0) {
      const k = p.y * width + p.x;
      grid[k] = color;
      num[k] = i + 1;
      for (const nb of neighbours(k)) {
        if (grid[nb] === 3 - color) {
          const g = group(nb);
          if (!g.free) remove(g.stones);
        }
      }
      const own = group(k);
      if (!own.free) remove(own.stones);
      last = moves[i];
    }
    color = 3 - color;
  }
  const board = [];
  const numbers = new Map();
  for (let y = 0; y < height; y++) {
    let row = '';
    for (let x = 0; x < width; x++) {
      const k = y * width + x;
      row += grid[k] === 1 ? 'x' : grid[k] === 2 ? 'o' : '.';
      if (num[k]) numbers.set(vertex(x, y, height), num[k]);
    }
    board.push(row);
  }
  return { board, numbers, last };
}

// The presets of the rules table (ko, suicide, scoring, white's handicap bonus), in the
// order a name is looked for.
const PRESETS = [
  ['Chinese', 'simple', 'forbidden', 'area', 'n'],
  ['Chinese (positional superko)', 'positional', 'forbidden', 'area', 'n'],
  ['Japanese', 'simple', 'forbidden', 'territory', '0'],
  ['AGA', 'situational', 'forbidden', 'area', 'n-1'],
  ['New Zealand', 'situational', 'allowed', 'area', '0'],
  ['Tromp-Taylor', 'positional', 'allowed', 'area', '0'],
  ['Stone scoring', 'simple', 'forbidden', 'stone', '0'],
  ['Simple', 'simple', 'forbidden', 'area', '0'],
];

// "Japanese, komi 6.5" for the text form of the rules
// (`ko=simple,suicide=forbidden,scoring=territory,komi=6.5,handicap-bonus=0`); the text itself
// when no preset has those rules.
export function rulesName(text) {
  const kv = Object.fromEntries(String(text).split(',').map((p) => p.split('=')));
  const found = PRESETS.find(([, ko, suicide, scoring, bonus]) => kv.ko === ko
    && kv.suicide === suicide && kv.scoring === scoring && kv['handicap-bonus'] === bonus);
  if (!found) return String(text);
  return kv.komi === undefined ? found[0] : `${found[0]}, komi ${kv.komi}`;
}
