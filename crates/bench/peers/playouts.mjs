// Light playouts with @sabaki/go-board (the board library of the Sabaki GUI), the same policy as
// `tengen bench playouts`: try the empty points in random order, play the first that is legal
// (no suicide, simple ko) and not eye-like; pass when none; stop after two passes or 3*N*N plies.
// Usage: node playouts.mjs SIZE SECONDS   -> last line "N playouts/s"
import Board from '@sabaki/go-board'

const size = Number(process.argv[2] ?? 9)
const seconds = Number(process.argv[3] ?? 5)

let seed = 12345
function below(n) {
  seed = (seed * 1103515245 + 12345) >>> 0
  return Math.floor((seed / 4294967296) * n)
}

function eyelike(board, sign, x, y) {
  for (const [dx, dy] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
    const v = [x + dx, y + dy]
    if (board.has(v) && board.get(v) !== sign) return false
  }
  let enemies = 0
  let edge = false
  for (const [dx, dy] of [[-1, -1], [1, -1], [-1, 1], [1, 1]]) {
    const v = [x + dx, y + dy]
    if (!board.has(v)) edge = true
    else if (board.get(v) === -sign) enemies++
  }
  return enemies < (edge ? 1 : 2)
}

function playout() {
  let board = Board.fromDimensions(size, size)
  let sign = 1
  let passes = 0
  let plies = 0
  let koBoard = null // the board before the opponent's last move (simple ko)
  while (passes < 2 && plies < 3 * size * size) {
    const empties = []
    for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (board.get([x, y]) === 0) empties.push([x, y])
    let remaining = empties.length
    let next = null
    while (remaining > 0) {
      const r = below(remaining)
      const [x, y] = empties[r]
      if (!eyelike(board, sign, x, y)) {
        const a = board.analyzeMove(sign, [x, y])
        if (!a.suicide && !a.ko) {
          next = board.makeMove(sign, [x, y])
          break
        }
      }
      remaining--
      empties[r] = empties[remaining]
    }
    if (next) {
      koBoard = board
      board = next
      passes = 0
    } else {
      passes++
    }
    sign = -sign
    plies++
  }
  return plies
}

const start = process.hrtime.bigint()
let n = 0
let plies = 0
while (Number(process.hrtime.bigint() - start) / 1e9 < seconds) {
  plies += playout()
  n++
}
const t = Number(process.hrtime.bigint() - start) / 1e9
console.log(`@sabaki/go-board ${size}x${size}: ${(plies / n).toFixed(1)} plies/playout`)
console.log(`${Math.round(n / t)} playouts/s`)
