// Games between `tengen gtp` and GNU Go (--level 1), driven by @sabaki/gtp as Sabaki drives
// engines: each engine has a ControllerStateTracker, and before each genmove the engine is synced
// to the game's history (komi, board size, set_free_handicap, play), so each engine hears the
// other's moves as `play` commands.
//
//   node gtp_games.js TENGEN GNUGO [SECONDS]
//
// Fails on any `?` answer from either engine (protocol error or a refused move), on a sync
// error, or when the two engines end on different positions. Prints one line per game, then
// `RESULT passed failed` for run.sh.
//
// tengen searches a fixed number of playouts with a fixed seed (not a time budget), so each game is
// reproducible whatever the machine's load: under load a 1-second search played badly enough to
// reach messy final positions that made the final_score comparison depend on the load.
'use strict'

const {ControllerStateTracker} = require('@sabaki/gtp')

const [TENGEN, GNUGO, SECONDS = '90'] = process.argv.slice(2)
const budgetMs = Number(SECONDS) * 1000
const started = Date.now()

// size, handicap, tengen's color, ply cap, seed
const GAMES = [
  {size: 9, handicap: 0, tengen: 'B', cap: 250, seed: 1},
  {size: 9, handicap: 0, tengen: 'W', cap: 250, seed: 2},
  {size: 9, handicap: 2, tengen: 'W', cap: 250, seed: 3},
  {size: 9, handicap: 3, tengen: 'B', cap: 250, seed: 4},
  {size: 19, handicap: 0, tengen: 'B', cap: 60, seed: 5},
  {size: 9, handicap: 0, tengen: 'W', cap: 250, seed: 6},
  {size: 19, handicap: 4, tengen: 'W', cap: 60, seed: 7},
  {size: 9, handicap: 0, tengen: 'B', cap: 250, seed: 8},
  {size: 13, handicap: 0, tengen: 'W', cap: 80, seed: 9},
  {size: 9, handicap: 2, tengen: 'B', cap: 250, seed: 10},
  {size: 9, handicap: 0, tengen: 'W', cap: 250, seed: 11},
  {size: 9, handicap: 0, tengen: 'B', cap: 250, seed: 12}
]

function watch(name, tracker, problems, stopping) {
  tracker.controller.on('response-received', ({command, response}) => {
    if (response.error) {
      problems.push(`${name} answered '? ${response.content}' to '${command.name} ${command.args.join(' ')}'`)
    }
  })
  tracker.controller.on('stopped', () => {
    if (!stopping.now) problems.push(`${name} stopped during the game`)
  })
}

async function stones(tracker) {
  let out = {}
  for (let c of ['black', 'white']) {
    let r = await tracker.queueCommand({name: 'list_stones', args: [c]})
    out[c] = r.content.trim().split(/\s+/).filter(x => x).sort().join(' ')
  }
  for (let c of ['black', 'white']) {
    let r = await tracker.queueCommand({name: 'captures', args: [c]})
    out['captures ' + c] = r.content.trim()
  }
  return out
}

async function playGame(g) {
  let problems = []
  let stopping = {now: false}
  let tengen = ControllerStateTracker.fromController(TENGEN, ['gtp', '--seed', String(g.seed), '--playouts', '2000'])
  let gnugo = ControllerStateTracker.fromController(GNUGO, ['--mode', 'gtp', '--level', '1', '--chinese-rules', '--seed', String(g.seed)])
  watch('tengen', tengen, problems, stopping)
  watch('gnugo', gnugo, problems, stopping)
  tengen.controller.start()
  gnugo.controller.start()
  let state = {komi: g.handicap ? 0.5 : 7.5, boardsize: [g.size, g.size], history: []}
  let plies = 0
  let end = 'ply cap'
  try {
    if (g.handicap) {
      // Sabaki asks an engine for the handicap points, then syncs both with set_free_handicap.
      await gnugo.sync(state)
      let r = await gnugo.queueCommand({name: 'fixed_handicap', args: [String(g.handicap)]})
      state.history = [{name: 'set_free_handicap', args: r.content.trim().split(/\s+/).map(v => v.toUpperCase())}]
    }
    let toMove = g.handicap ? 'W' : 'B'
    let passes = 0
    while (plies < g.cap) {
      let engine = toMove === g.tengen ? tengen : gnugo
      await engine.sync(state)
      let r = await engine.queueCommand({name: 'genmove', args: [toMove]})
      if (r.error) break
      let v = r.content.trim().toUpperCase()
      plies++
      if (v === 'RESIGN') { end = `${toMove === 'B' ? 'black' : 'white'} resigned`; break }
      state.history.push({name: 'play', args: [toMove, v]})
      passes = v === 'PASS' ? passes + 1 : 0
      if (passes >= 2) { end = 'two passes'; break }
      toMove = toMove === 'B' ? 'W' : 'B'
      if (Date.now() - started > budgetMs * 1.5) { problems.push('out of time'); break }
    }
    // Both engines must agree on the final position.
    await tengen.sync(state)
    await gnugo.sync(state)
    let [a, b] = [await stones(tengen), await stones(gnugo)]
    for (let k of Object.keys(a)) {
      if (a[k] !== b[k]) problems.push(`final ${k} differ: tengen '${a[k]}' gnugo '${b[k]}'`)
    }
    // A game played out to two passes: both engines count it (area scoring, same komi) alike.
    if (end === 'two passes' && !g.handicap) {
      let [sa, sb] = [await tengen.queueCommand({name: 'final_score'}), await gnugo.queueCommand({name: 'final_score'})]
      let [ra, rb] = [sa.content.trim(), sb.content.trim()]
      if (ra !== rb) problems.push(`final_score differs: tengen '${ra}' gnugo '${rb}'`)
      else end += `, both score ${ra}`
    }
  } catch (err) {
    problems.push(`sync failed: ${err.message}`)
  }
  stopping.now = true
  await Promise.all([tengen.controller.stop(2000), gnugo.controller.stop(2000)])
  return {plies, end, problems}
}

async function main() {
  let passed = 0
  let failed = 0
  for (let g of GAMES) {
    if (Date.now() - started > budgetMs && passed + failed >= 4) break
    let label = `${g.size}x${g.size} H${g.handicap} tengen ${g.tengen === 'B' ? 'black' : 'white'} seed ${g.seed}`
    let {plies, end, problems} = await playGame(g)
    if (problems.length === 0) {
      passed++
      console.log(`ok   gtp game ${label}: ${plies} plies, ${end}`)
    } else {
      failed++
      console.log(`FAIL gtp game ${label}: ${plies} plies, ${end}`)
      for (let p of problems.slice(0, 5)) console.log(`     ${p}`)
    }
  }
  console.log(`RESULT ${passed} ${failed}`)
  process.exit(failed ? 1 : 0)
}

main().catch(err => {
  console.log(`FAIL gtp games: ${err.stack}`)
  console.log('RESULT 0 1')
  process.exit(1)
})
