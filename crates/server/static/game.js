// The game page: /g/ID, the player's token in the fragment (#token=…); without one, watch.
import { request, ApiError, point } from './api.js';
import { Board } from './board.js';
import { positionAt, rulesName, setupFromSgf } from './review.js';

const id = decodeURIComponent(location.pathname.split('/').filter(Boolean)[1] || '');
const token = new URLSearchParams(location.hash.slice(1)).get('token');
const $ = (sel) => document.getElementById(sel);

let state = null;
let me = null; // 'black' | 'white' | null (watching)
let busy = false;
// The server's clock minus ours (ms), from the `at` of the clock in each state received.
let offset = 0;
let viewAt = null; // the move number shown while browsing; null: the game as it stands
let setup = []; // set-up stones (handicap), from the SGF record
let seenMoves = null; // move_number of the last state shown, to notice the opponent's moves

// Options, kept in this browser: move numbers, a confirm step (on by default on touch
// screens, where a 19x19 point is 18 px), a sound when the opponent moves.
const touch = window.matchMedia && window.matchMedia('(pointer: coarse)').matches;
const OPTIONS = { numbers: false, confirm: touch, sound: false };
function option(name) {
  const v = localStorage.getItem(`tengen.${name}`);
  return v === null ? OPTIONS[name] : v === '1';
}

const REASONS = {
  occupied: 'that point is occupied',
  suicide: 'that move would be suicide',
  ko: 'ko: the stone was just taken; play elsewhere first',
  superko: 'superko: that would repeat an earlier position',
  off_board: 'that point is off the board',
  not_your_turn: 'it is not your turn',
  wrong_phase: 'that is not possible in this phase',
  game_over: 'the game is over',
  stale: 'the game changed meanwhile; try again',
  no_stone: 'there is no stone there',
};

function say(text, kind = 'info') {
  const m = $('message');
  m.textContent = text || '';
  m.className = `message ${kind}`;
}

function explain(e) {
  if (e instanceof ApiError) {
    const r = REASONS[e.code];
    if (['occupied', 'suicide', 'ko', 'superko', 'off_board'].includes(e.code)) {
      return `Illegal move: ${r}.`;
    }
    return r ? `${r[0].toUpperCase()}${r.slice(1)}.` : e.message;
  }
  return String(e);
}

async function act(path, body) {
  if (busy) return;
  busy = true;
  try {
    const s = await request('POST', `/api/games/${encodeURIComponent(id)}/${path}`, { token, body });
    say('');
    show(s);
  } catch (e) {
    say(explain(e), 'error');
  } finally {
    busy = false;
  }
}

function setGhost(v) {
  board.ghost = v;
  $('confirm-box').hidden = !v;
  if (v) $('confirm-move').textContent = `Play ${v}`;
  draw();
}

function playAt(v) {
  setGhost(null);
  act('moves', { move: v, move_number: state.move_number });
}

const board = new Board($('board'), (v) => {
  if (!state || !me) return;
  if (browsing()) { say('You are looking at an earlier move: press End (or ») to play.', 'error'); return; }
  if (state.phase === 'play') {
    if (state.to_move !== me) { say('It is not your turn.', 'error'); return; }
    if (!option('confirm')) { playAt(v); return; }
    // The confirm step: a first tap shows the stone, a second tap on it (or Play) plays it.
    if (board.ghost === v) playAt(v);
    else if (state.board[point(v, state.height).y][point(v, state.height).x] === '.') setGhost(v);
  } else if (state.phase === 'scoring') {
    const dead = new Set(state.dead);
    if (!document.querySelector(`[data-stone="${v}"]`)) return;
    act('dead', { point: v, dead: !dead.has(v), marks_version: state.marks_version });
  }
});

function browsing() {
  return state && viewAt !== null && viewAt < state.moves.length;
}

// The board: the game as it stands, or the position after move `viewAt` while browsing.
function draw() {
  const s = state;
  if (!s) return;
  const numbers = option('numbers');
  let view = s;
  if (browsing() || numbers) {
    const n = browsing() ? viewAt : s.moves.length;
    const first = s.handicap >= 2 ? 2 : 1;
    const pos = positionAt(s.width, s.height, setup, s.moves, n, first);
    view = browsing()
      ? { ...s, board: pos.board, last_move: pos.last, ko: null, dead: [], territory: null, score: null }
      : { ...s };
    if (numbers) view.numbers = pos.numbers;
  }
  board.hoverColor = me && s.phase === 'play' && s.to_move === me && !browsing() ? me : null;
  board.render(view);
  const total = s.moves.length;
  const at = browsing() ? viewAt : total;
  $('nav-pos').textContent = browsing() ? `move ${at} of ${total}` : `move ${total}`;
  $('nav').classList.toggle('browsing', browsing());
  $('nav-first').disabled = $('nav-prev').disabled = at === 0;
  $('nav-next').disabled = $('nav-last').disabled = at === total;
  for (const li of $('moves').children) li.classList.toggle('current', Number(li.dataset.n) === at);
}

function browse(n) {
  if (!state) return;
  const total = state.moves.length;
  const to = Math.max(0, Math.min(total, n));
  viewAt = to >= total ? null : to;
  if (viewAt !== null) setGhost(null);
  draw();
}

// A short tone (Web Audio: nothing to download).
function beep() {
  try {
    const ctx = new (window.AudioContext || window.webkitAudioContext)();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.25);
    osc.onended = () => ctx.close();
  } catch (_) { /* no audio */ }
}

function show(s) {
  if (s.clock) offset = s.clock.at - Date.now();
  const before = seenMoves;
  seenMoves = s.move_number;
  if (state && s.move_number !== state.move_number) setGhost(null);
  state = s;
  if (before !== null && s.move_number > before && me && s.to_move === me && s.phase === 'play'
    && option('sound')) beep();
  const yourTurn = me && s.phase === 'play' && s.to_move === me;
  document.title = `${yourTurn ? '● Your move · ' : ''}${s.black_name} vs ${s.white_name} — tengen`;
  $('title').textContent = `${s.width}×${s.height} · ${s.black_name} vs ${s.white_name}`;
  const seat = (c) => (me === c ? ' (you)' : s[`${c}_engine`] ? ' (computer)' : '');
  $('name-black').textContent = s.black_name + seat('black');
  $('name-white').textContent = s.white_name + seat('white');
  $('cap-black').textContent = s.captures.black;
  $('cap-white').textContent = s.captures.white;
  $('p-black').classList.toggle('to-move', s.to_move === 'black' && s.phase === 'play');
  $('p-white').classList.toggle('to-move', s.to_move === 'white' && s.phase === 'play');
  let status;
  if (s.phase === 'finished') status = `Game over: ${s.result}${/\+T$/.test(s.result || '') ? ' (on time)' : ''}${/\+F$/.test(s.result || '') ? ' (forfeit: the engine failed)' : ''}`;
  else if (s.phase === 'scoring') status = 'Scoring: mark dead stones, then accept';
  else if (me) status = s.to_move === me ? 'Your turn' : `Waiting for ${s.to_move}`;
  else status = `${s.to_move === 'black' ? 'Black' : 'White'} to move (watching)`;
  $('status').textContent = status;
  $('status').dataset.phase = s.phase;
  const playing = s.phase === 'play' && me;
  $('play-controls').hidden = !playing;
  $('pass').disabled = !(playing && s.to_move === me);
  $('undo').disabled = !playing || s.undo_requested_by === me || !s.moves.length;
  $('resign').disabled = !playing;
  const undoBox = $('undo-box');
  undoBox.hidden = !(s.phase === 'play' && s.undo_requested_by);
  if (s.undo_requested_by) {
    const mine = s.undo_requested_by === me;
    $('undo-text').textContent = mine ? 'You asked to take back your last move.'
      : `${s.undo_requested_by === 'black' ? 'Black' : 'White'} asks to take back a move.`;
    $('accept-undo').hidden = !me || mine;
  }
  $('scoring').hidden = s.phase !== 'scoring';
  showScore(s);
  $('accept').disabled = !me || s.accepted[me];
  $('resume').disabled = !me;
  $('accepted').textContent = ['black', 'white'].filter((c) => s.accepted[c])
    .map((c) => `${c} accepted`).join(', ');
  const res = $('result');
  res.hidden = s.phase !== 'finished';
  if (s.phase === 'finished') {
    const b = document.createElement('b');
    b.id = 'final-result';
    b.textContent = s.result;
    res.replaceChildren('Result: ', b);
  }
  const list = $('moves');
  list.replaceChildren(...s.moves.map((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    li.className = (i + (s.handicap >= 2 ? 1 : 0)) % 2 === 0 ? 'b' : 'w';
    li.dataset.n = String(i + 1);
    return li;
  }));
  if (!browsing()) list.scrollTop = list.scrollHeight;
  $('move-count').textContent = `(${s.moves.length})`;
  showChat(s);
  tick();
  $('rules').textContent = `Rules: ${s.rules}`;
  $('rules').textContent = `Rules: ${rulesName(s.rules)}`;
  $('rules').title = s.rules;
  draw();
}

// The count in the scoring phase, and kept on the page once the game is finished.
function showScore(s) {
  const box = $('score-box');
  box.hidden = !(s.score && s.phase !== 'play');
  if (box.hidden) return;
  const b = s.score.black, w = s.score.white;
  const cell = (tag, text, id) => {
    const c = document.createElement(tag);
    c.textContent = String(text);
    if (id) c.id = id;
    return c;
  };
  const row = (label, bv, wv, cls, ids = []) => {
    const tr = document.createElement('tr');
    if (cls) tr.className = cls;
    tr.append(cell('td', label), cell('td', bv, ids[0]), cell('td', wv, ids[1]));
    return tr;
  };
  const table = document.createElement('table');
  table.className = 'score';
  const head = document.createElement('tr');
  head.append(cell('th', ''), cell('th', 'Black'), cell('th', 'White'));
  table.append(head,
    row('territory', b.territory, w.territory),
    row('stones', b.stones, w.stones),
    row('dead + prisoners', b.prisoners + b.dead, w.prisoners + w.dead),
    row('komi/bonus', b.bonus || 0, s.komi + w.bonus),
    row('total', b.total, w.total, 'total', ['total-black', 'total-white']));
  const count = document.createElement('p');
  count.append('Count: ', cell('b', s.score.result, 'count-result'));
  const extra = document.createElement('p');
  extra.className = 'legend';
  extra.id = 'seki-dame';
  extra.textContent = `seki stones: ${(s.score.seki || []).length} · dame: ${(s.score.dame || []).length}`;
  $('score').replaceChildren(table, count, extra);
}

// One clock as of the server time `now`: the contract's arithmetic for the running side.
export function clockAt(s, color, now) {
  const c = s.clock[color];
  let main = c.main, periods = c.periods, period = c.period, stones = c.stones;
  if (s.clock.running === color) {
    let e = Math.max(0, (now - s.clock.at) / 1000);
    const take = Math.min(e, main);
    main -= take; e -= take;
    if (e > 0 && s.time.system === 'byoyomi') {
      while (e > 0 && periods > 0) {
        if (e < period) { period -= e; e = 0; } else { e -= period; periods -= 1; period = periods > 0 ? s.time.period : 0; }
      }
    } else if (e > 0 && s.time.system === 'canadian') {
      period = Math.max(0, period - e);
    }
  }
  const left = s.time.system === 'byoyomi' ? (periods > 0 ? main + period + (periods - 1) * s.time.period : main)
    : s.time.system === 'canadian' ? main + period : main;
  return { main, periods, period, stones, left };
}

function fmt(t) {
  t = Math.max(0, t);
  if (t < 10) return t.toFixed(1);
  const m = Math.floor(t / 60), sec = Math.floor(t % 60);
  return m >= 60 ? `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
    : `${m}:${String(sec).padStart(2, '0')}`;
}

// Redraws both clocks and the scoring countdown; runs several times a second.
function tick() {
  const s = state;
  if (!s) return;
  const now = Date.now() + offset;
  for (const color of ['black', 'white']) {
    const box = $(`clock-${color}`);
    box.hidden = !s.clock;
    if (!s.clock) continue;
    const c = clockAt(s, color, now);
    let text;
    if (c.main > 0 || s.time.system === 'absolute' || s.time.system === 'fischer') text = fmt(c.main);
    else text = fmt(c.period);
    if (s.time.system === 'byoyomi') text += c.main > 0 ? ` +${c.periods}×${s.time.period}s` : ` (${c.periods})`;
    if (s.time.system === 'canadian' && c.main <= 0) text += ` /${c.stones}`;
    box.textContent = text;
    const running = s.clock.running === color && s.phase === 'play';
    box.classList.toggle('running', running);
    box.classList.toggle('low', running && c.left <= 10 && c.left > 0);
    box.classList.toggle('out', c.left <= 0);
    box.dataset.left = c.left.toFixed(1);
  }
  const dl = $('scoring-deadline');
  dl.hidden = !(s.phase === 'scoring' && s.scoring_deadline);
  if (!dl.hidden) dl.textContent = `Scoring ends in ${fmt((s.scoring_deadline - now) / 1000)}: then the marks as they stand count.`;
}

function showChat(s) {
  const list = $('chat');
  const lines = s.chat || [];
  if (list.childElementCount === lines.length) return;
  list.replaceChildren(...lines.map((l) => {
    const li = document.createElement('li');
    const who = document.createElement('span');
    who.className = `who ${l.from}`;
    who.textContent = l.from === 'black' ? s.black_name : s.white_name;
    li.append(who, l.text);
    return li;
  }));
  list.scrollTop = list.scrollHeight;
}

function connect(delay = 500) {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/api/games/${encodeURIComponent(id)}/ws`);
  ws.onopen = () => { $('conn').textContent = 'live'; $('conn').className = 'conn live'; delay = 500; };
  ws.onmessage = (ev) => { try { show(JSON.parse(ev.data)); } catch (_) { /* ignore */ } };
  ws.onclose = () => {
    $('conn').textContent = 'reconnecting…';
    $('conn').className = 'conn down';
    setTimeout(() => connect(Math.min(delay * 2, 10000)), delay);
  };
}

async function main() {
  $('sgf').href = `/api/games/${encodeURIComponent(id)}/sgf`;
  $('watch').href = `/g/${encodeURIComponent(id)}`;
  $('pass').onclick = () => act('moves', { move: 'pass', move_number: state.move_number });
  $('resign').onclick = () => {
    if (confirm('Resign this game?')) act('moves', { move: 'resign', move_number: state.move_number });
  };
  $('undo').onclick = () => act('undo');
  $('accept-undo').onclick = () => act('undo/accept');
  $('accept').onclick = () => act('accept', { marks_version: state.marks_version });
  $('resume').onclick = () => act('resume');
  $('chat-form').onsubmit = async (ev) => {
    ev.preventDefault();
    const text = $('chat-text').value;
    if (!text.trim()) return;
    try {
      show(await request('POST', `/api/games/${encodeURIComponent(id)}/chat`, { token, body: { text } }));
      $('chat-text').value = '';
    } catch (e) {
      say(e.code === 'bad_text' ? 'A chat line has 1 to 500 characters.' : explain(e), 'error');
    }
  };
  setInterval(tick, 100);
  $('confirm-move').onclick = () => { if (board.ghost) playAt(board.ghost); };
  $('cancel-move').onclick = () => setGhost(null);
  const at = () => (browsing() ? viewAt : state.moves.length);
  $('nav-first').onclick = () => browse(0);
  $('nav-prev').onclick = () => browse(at() - 1);
  $('nav-next').onclick = () => browse(at() + 1);
  $('nav-last').onclick = () => browse(Infinity);
  $('moves').onclick = (ev) => { if (ev.target.dataset.n) browse(Number(ev.target.dataset.n)); };
  document.addEventListener('keydown', (ev) => {
    if (!state || ev.target.closest('input, textarea, select') || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const to = { ArrowLeft: at() - 1, ArrowRight: at() + 1, Home: 0, End: Infinity }[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    browse(to);
  });
  for (const name of Object.keys(OPTIONS)) {
    const box = $(`opt-${name}`);
    box.checked = option(name);
    box.onchange = () => {
      localStorage.setItem(`tengen.${name}`, box.checked ? '1' : '0');
      if (name === 'confirm' && !box.checked) setGhost(null);
      draw();
    };
  }
  try {
    if (token) {
      const who = await request('GET', `/api/games/${encodeURIComponent(id)}/me`, { token });
      me = who.color;
      document.body.dataset.me = me;
      $('chat-form').hidden = false;
    }
    const first = await request('GET', `/api/games/${encodeURIComponent(id)}`);
    if (first.handicap >= 2) {
      const res = await fetch(`/api/games/${encodeURIComponent(id)}/sgf`);
      if (res.ok) setup = setupFromSgf(await res.text());
    }
    show(first);
  } catch (e) {
    say(e.code === 'not_found' ? 'No such game.' : explain(e), 'error');
    if (e.code === 'not_found') return;
  }
  connect();
}

main();
