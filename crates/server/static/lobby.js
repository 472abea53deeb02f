// The lobby: create a game, show its three links, list recent games.
import { request, escapeHtml } from './api.js';

const $ = (id) => document.getElementById(id);

$('size').addEventListener('change', () => {
  $('custom').hidden = $('size').value !== 'custom';
});

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
  try {
    const g = await request('POST', '/api/games', { body });
    for (const k of ['black', 'white', 'watch']) {
      $(`${k}-url`).value = g[`${k}_url`];
      $(`open-${k}`).href = g[`${k}_url`];
    }
    $('links').hidden = false;
    loadRecent();
  } catch (e) {
    $('create-error').textContent = e.message;
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

loadRecent();
setInterval(loadRecent, 10000);
