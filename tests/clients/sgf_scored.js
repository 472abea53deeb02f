// Reads the records sgf_scored.py wrote (listed in OUT_DIR/scored.json: a scored server game and
// a GTP printsgf) with @sabaki/sgf and checks RU, KM, DT, RE, PB/PW and TB/TW against what the
// server and the engine said.
//
//   node sgf_scored.js OUT_DIR
//
// Prints one line per file, then `RESULT passed failed`.
'use strict'

const fs = require('fs')
const path = require('path')
const sgf = require('@sabaki/sgf')

const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'
const [outDir] = process.argv.slice(2)
const manifest = JSON.parse(fs.readFileSync(path.join(outDir, 'scored.json'), 'utf8'))

let passed = 0
let failed = 0
for (let entry of manifest) {
  let name = path.basename(entry.file)
  try {
    let [root] = sgf.parseFile(entry.file)
    let size = +root.data.SZ[0]
    let one = id => (root.data[id] ? root.data[id][0] : null)
    let last = root
    while (last.children.length > 0) last = last.children[0]
    let points = id => (last.data[id] || []).flatMap(v => sgf.parseCompressedVertices(v))
      .map(([x, y]) => `${COLUMNS[x]}${size - y}`).sort()
    let got = {
      RU: one('RU'), KM: +one('KM'), DT: one('DT'), RE: one('RE'), PB: one('PB'), PW: one('PW'),
      TB: points('TB'), TW: points('TW')
    }
    let want = {}
    for (let k of Object.keys(got)) want[k] = entry[k]
    if (JSON.stringify(got) === JSON.stringify(want)) {
      passed++
      console.log(`ok   @sabaki/sgf reads the game information of ${name}`)
    } else {
      failed++
      console.log(`FAIL @sabaki/sgf reads ${name}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`)
    }
  } catch (err) {
    failed++
    console.log(`FAIL @sabaki/sgf reads ${name}: ${err.message}`)
  }
}
console.log(`RESULT ${passed} ${failed}`)
process.exit(failed ? 1 : 0)
