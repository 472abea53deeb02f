// Reads the SGF files tengen wrote (listed in OUT_DIR/manifest.json by sgf_interop.py) with
// @sabaki/sgf and checks that each gives the same board size, set-up stones and moves.
//
//   node sgf_interop.js OUT_DIR
//
// Prints one line per file, then `RESULT passed failed`.
'use strict'

const fs = require('fs')
const path = require('path')
const sgf = require('@sabaki/sgf')

const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
const [outDir] = process.argv.slice(2)
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'manifest.json'), 'utf8'))

// An SGF point as a GTP vertex (null for a pass), on a board of `size` rows.
function vertex(value, size) {
  if (value === '' || (value === 'tt' && size <= 19)) return null
  let [x, y] = sgf.parseVertex(value)
  return `${COLUMNS[x]}${size - y}`
}

let passed = 0
let failed = 0
for (let entry of manifest) {
  let name = path.basename(entry.file)
  try {
    let [root] = sgf.parseFile(entry.file)
    let size = +root.data.SZ[0]
    let setup = c => (root.data[c] || []).flatMap(v => sgf.parseCompressedVertices(v))
      .map(([x, y]) => `${COLUMNS[x]}${size - y}`).sort()
    let moves = []
    for (let node = root.children[0]; node; node = node.children[0]) {
      for (let c of ['B', 'W']) {
        if (node.data[c]) moves.push([c, vertex(node.data[c][0], size)])
      }
    }
    let got = JSON.stringify({size, black: setup('AB'), white: setup('AW'), moves})
    let want = JSON.stringify({size: entry.size, black: entry.black, white: entry.white, moves: entry.moves})
    if (got === want) {
      passed++
      console.log(`ok   @sabaki/sgf reads tengen's ${name}`)
    } else {
      failed++
      console.log(`FAIL @sabaki/sgf reads tengen's ${name}: ${got.slice(0, 200)} != ${want.slice(0, 200)}`)
    }
  } catch (err) {
    failed++
    console.log(`FAIL @sabaki/sgf reads tengen's ${name}: ${err.message}`)
  }
}
console.log(`RESULT ${passed} ${failed}`)
process.exit(failed ? 1 : 0)
