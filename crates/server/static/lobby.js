// The lobby: create a game, show its three links, list recent games.
import { request, escapeHtml } from './api.js';

const $ = (id) => document.getElementById(id);

$('size').addEventListener('change', () => {
  $('custom').hidden = $('size').value !== 'custom';
});

$('time').addEventListener('change', () => {
  $('time-custom').hidden = $('time').value !== 'custom';
});

// The time presets of the form, in the contract's seconds.
const PRESETS = {
  none: { system: 'none' },
  blitz: { system: 'byoyomi', main: 180, periods: 5, period: 10 },
  rapid: { system: 'byoyomi', main: 600, periods: 5, period: 30 },
  slow: { system: 'canadian', main: 1800, stones: 25, period: 300 },
  fischer: { system: 'fischer', main: 300, increment: 10, max: 600 },
};

function timeSetting() {
  const preset = $('time').value;
  if (preset !== 'custom') return PRESETS[preset];
  const num = (id) => parseFloat($(id).value);
  const system = $('t-system').value;
  const t = { system, main: num('t-main') * 60 };
  if (system === 'byoyomi') Object.assign(t, { periods: parseInt($('t-periods').value, 10), period: num('t-period') });
  if (system === 'canadian') Object.assign(t, { stones: parseInt($('t-stones').value, 10), period: num('t-period') });
  if (system === 'fischer') t.increment = num('t-increment');
  return t;
}

function describeTime(t) {
  if (!t || t.system === 'none') return 'none';
  const m = (s) => (s >= 60 ? `${Math.round(s / 6) / 10} min` : `${s} s`);
  if (t.system === 'absolute') return m(t.main);
  if (t.system === 'byoyomi') return `${m(t.main)} + ${t.periods}×${t.period} s`;
  if (t.system === 'canadian') return `${m(t.main)} + ${t.stones}/${m(t.period)}`;
  return `${m(t.main)} + ${t.increment} s`;
}

// A handicap game has komi 0.5 unless the creator gives one (the server's default too).
$('handicap').addEventListener('change', () => {
  $('komi').placeholder = parseInt($('handicap').value, 10) >= 2 ? '0.5 (handicap)' : "rules' default";
});

$('create').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  $('create-error').textContent = '';
  const body = { rules: $('rules').value };
  if ($('size').value === 'custom') {
    body.width = parseInt($('width').value, 10);
    body.height = parseInt($('height').value, 10);
  } else {
    body.width = body.height = parseInt($('size').value, 10);
  }
  if ($('komi').value !== '') body.komi = parseFloat($('komi').value);
  const h = parseInt($('handicap').value, 10);
  if (h) body.handicap = h;
  if ($('black_name').value.trim()) body.black_name = $('black_name').value.trim();
  if ($('white_name').value.trim()) body.white_name = $('white_name').value.trim();
  if ($('listed').checked) body.listed = true;
  body.time = timeSetting();
  if ($('open').value) body.open = $('open').value;
  try {
    const g = await request('POST', '/api/games', { body });
    for (const k of ['black', 'white', 'watch']) {
      const url = g[`${k}_url`];
      $(`${k}-url`).value = url || 'open: the first to take the seat plays it';
      $(`open-${k}`).href = url || '#';
      $(`open-${k}`).hidden = !url;
    }
    $('links').hidden = false;
    loadRecent();
  } catch (e) {
    $('create-error').textContent = e.message;
  }
});

// Play the computer: the engines the server offers; the human's seat is theirs, the other
// an engine's (or both engines', to watch a bot match).
async function loadEngines() {
  try {
    const engines = await request('GET', '/api/engines');
    for (const id of ['c-engine', 'c-engine2']) {
      const select = $(id);
      select.replaceChildren(...engines.map((e) => {
        const o = document.createElement('option');
        o.value = e.name;
        o.textContent = e.name;
        o.title = e.description;
        return o;
      }));
    }
    if (engines.length > 1) $('c-engine2').value = engines[1].name;
  } catch (e) {
    $('computer-error').textContent = e.message;
  }
}

$('c-color').addEventListener('change', () => {
  $('c-engine2-label').hidden = $('c-color').value !== 'watch';
});

$('c-handicap').addEventListener('change', () => {
  $('c-komi').placeholder = parseInt($('c-handicap').value, 10) >= 2 ? '0.5 (handicap)' : "rules' default";
});

$('computer').addEventListener('submit', async (ev) => {
  ev.preventDefault();
  $('computer-error').textContent = '';
  const size = parseInt($('c-size').value, 10);
  const body = { width: size, height: size, time: PRESETS[$('c-time').value] };
  const h = parseInt($('c-handicap').value, 10);
  if (h) body.handicap = h;
  if ($('c-komi').value !== '') body.komi = parseFloat($('c-komi').value);
  let color = $('c-color').value;
  if (color === 'random') color = Math.random() < 0.5 ? 'black' : 'white';
  const name = $('c-name').value.trim();
  if (color === 'watch') {
    body.black_engine = $('c-engine').value;
    body.white_engine = $('c-engine2').value;
    body.listed = true;
  } else {
    const engineSeat = color === 'black' ? 'white' : 'black';
    body[`${engineSeat}_engine`] = $('c-engine').value;
    if (name) body[`${color}_name`] = name;
  }
  try {
    const g = await request('POST', '/api/games', { body });
    location.href = color === 'watch' ? g.watch_url : g[`${color}_url`];
  } catch (e) {
    $('computer-error').textContent = e.message;
  }
});

document.addEventListener('click', async (ev) => {
  const id = ev.target.dataset && ev.target.dataset.copy;
  if (!id) return;
  const input = $(id);
  input.select();
  try { await navigator.clipboard.writeText(input.value); ev.target.textContent = 'Copied'; } catch (_) {
    document.execCommand && document.execCommand('copy');
  }
});

async function loadRecent() {
  try {
    const games = await request('GET', '/api/games');
    const rows = games.map((g) => {
      const state = g.phase === 'finished' ? escapeHtml(g.result || 'finished') : escapeHtml(g.phase);
      const href = `/g/${encodeURIComponent(g.id)}`;
      return `<tr><td class="id"><a href="${href}">${escapeHtml(g.id)}</a></td>`
        + `<td><a href="${href}">${escapeHtml(g.black_name)} – ${escapeHtml(g.white_name)}</a></td>`
        + `<td>${g.width}×${g.height}</td><td>${g.move_number}</td><td>${state}</td></tr>`;
    });
    $('recent').tBodies[0].innerHTML = rows.join('') || '<tr><td colspan="5">No listed games yet (games are listed when their creator chooses so).</td></tr>';
  } catch (_) { /* keep the old list */ }
}

// Open games, each with a button that takes its seat and goes to the board.
async function loadOpen() {
  try {
    const games = await request('GET', '/api/games?open=true');
    const rows = games.map((g) => {
      const tr = document.createElement('tr');
      const td = (text) => { const c = document.createElement('td'); c.textContent = text; return c; };
      const seat = g.open === 'white' ? `${g.black_name} (Black) – open` : `open – ${g.white_name} (White)`;
      const button = document.createElement('button');
      button.textContent = `Take this seat (${g.open})`;
      button.dataset.join = g.id;
      button.onclick = async () => {
        $('join-error').textContent = '';
        const name = $('join-name').value.trim();
        try {
          const r = await request('POST', `/api/games/${encodeURIComponent(g.id)}/join`,
            { body: name ? { color: g.open, name } : { color: g.open } });
          location.href = r.url;
        } catch (e) {
          $('join-error').textContent = e.code === 'seat_taken' ? 'Someone took that seat first.' : e.message;
          loadOpen();
        }
      };
      const action = document.createElement('td');
      action.append(button);
      tr.append(td(seat), td(`${g.width}×${g.height}`), td(describeTime(g.time)), action);
      return tr;
    });
    const body = $('open-games').tBodies[0];
    if (rows.length) body.replaceChildren(...rows);
    else body.innerHTML = '<tr><td colspan="4">No open games.</td></tr>';
  } catch (_) { /* keep the old list */ }
}

loadRecent();
loadOpen();
loadEngines();
setInterval(loadRecent, 10000);
setInterval(loadOpen, 5000);
