// Two players in two browser contexts play a short game on the web board: a capture, an
// illegal ko attempt, two passes, a dead group marked, both accept, the result shows.
// Needs BASE_URL (a running `tengen serve`); run through run.sh, which starts one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { positionAt, rulesName } from '../../crates/server/static/review.js';

const BASE = process.env.BASE_URL;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const here = dirname(fileURLToPath(import.meta.url));
const ARTIFACTS = resolve(process.env.ARTIFACTS || join(here, '..', '..', 'artifacts', 'web'));
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const profiles = [];
const contexts = [];

// A browser with a fresh profile of its own (`--user-data-dir`).
async function openContext(viewport, extra = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'tengen-chromium-'));
  profiles.push(dir);
  const ctx = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport,
    ...extra,
  });
  contexts.push(ctx);
  const page = ctx.pages()[0] || await ctx.newPage();
  page.on('pageerror', (e) => { throw new Error(`page error: ${e.message}`); });
  return page;
}

before(() => {
  assert.ok(BASE, 'BASE_URL is set');
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  for (const d of profiles) rmSync(d, { recursive: true, force: true });
});

const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });

async function statusIs(page, text) {
  await page.waitForFunction((t) => document.getElementById('status').textContent === t, text, { timeout: 10000 });
}

async function stateOf(page) {
  const id = await page.evaluate(() => location.pathname.split('/')[2]);
  const res = await fetch(`${BASE}/api/games/${id}`);
  return res.json();
}

// Clicks `vertex` on the page of the player to move, then waits until both pages show the move.
async function play(mover, other, vertex, number) {
  await statusIs(mover, 'Your turn');
  await mover.click(`[data-vertex="${vertex}"]`);
  for (const p of [mover, other]) {
    await p.waitForFunction((n) => document.getElementById('move-count').textContent === `(${n})`, number, { timeout: 10000 });
  }
}

test('two players: capture, ko refused, passes, a dead group, both accept', async () => {
  const black = await openContext({ width: 1200, height: 900 });
  const white = await openContext({ width: 1200, height: 900 });

  await black.goto(`${BASE}/`);
  await black.selectOption('#size', '9');
  await black.selectOption('#rules', 'chinese');
  await black.fill('#black_name', 'Ayumi');
  await black.fill('#white_name', 'Bruno');
  await black.check('#listed');
  await black.click('#create-button');
  await black.waitForSelector('#links:not([hidden])');
  const blackUrl = await black.inputValue('#black-url');
  const whiteUrl = await black.inputValue('#white-url');
  const watchUrl = await black.inputValue('#watch-url');
  assert.match(blackUrl, /\/g\/[\w-]+#token=[\w-]{40,}$/);
  assert.ok(!blackUrl.includes('?') && !watchUrl.includes('token'));
  await black.waitForFunction(() => document.querySelectorAll('#recent tbody a').length > 0);
  await shot(black, '01-lobby');

  await black.goto(blackUrl);
  await white.goto(whiteUrl);
  await black.waitForSelector('svg.board');
  await white.waitForSelector('svg.board');
  await black.waitForFunction(() => document.getElementById('conn').textContent === 'live');
  await white.waitForFunction(() => document.getElementById('conn').textContent === 'live');
  assert.equal(await black.locator('.star').count(), 5, '9x9 has five star points');
  assert.equal(await black.locator('.coords text').count(), 9 * 4);

  // A ko: black captures at D3 and white may not retake at C3 at once.
  const moves = ['B3', 'D2', 'C2', 'D4', 'C4', 'E3', 'A1', 'C3', 'D3'];
  for (const [i, v] of moves.entries()) {
    const [mover, other] = i % 2 === 0 ? [black, white] : [white, black];
    await play(mover, other, v, i + 1);
  }
  await white.waitForFunction(() => !document.querySelector('[data-stone="C3"]'));
  assert.equal(await white.textContent('#cap-black'), '1');
  assert.equal(await white.locator('.marks .last').count(), 1, 'last-move marker');
  assert.equal(await white.locator('.marks .ko').count(), 1, 'ko marker');
  await statusIs(white, 'Your turn');
  await white.hover('[data-vertex="G7"]');
  assert.equal(await white.getAttribute('circle.hover', 'visibility'), 'visible', 'hover stone');
  await white.click('[data-vertex="C3"]');
  await white.waitForFunction(() => /Illegal move: ko/.test(document.getElementById('message').textContent));
  await shot(white, '02-illegal-ko');
  assert.equal((await stateOf(white)).move_number, 9, 'the illegal move changed nothing');

  // White plays a stone inside black's corner that will be dead; black fills the ko and closes
  // the corner (A1 B3 C2 D1 A4 around A2 B2 B1 C1 and the white stone on A3).
  const rest = ['A3', 'C3', 'G7', 'A4', 'G3', 'D1'];
  for (const [i, v] of rest.entries()) {
    const [mover, other] = i % 2 === 0 ? [white, black] : [black, white];
    await play(mover, other, v, 10 + i);
  }
  // Two passes.
  await statusIs(white, 'Your turn');
  await white.click('#pass');
  await statusIs(black, 'Your turn');
  await black.click('#pass');
  for (const p of [black, white]) {
    await p.waitForSelector('#scoring:not([hidden])');
    await p.waitForSelector('#count-result');
  }
  // Mark the white stone on A3 dead (the automatic guess may have done so already: then
  // clicking twice brings it back to dead, showing both ways).
  const isDead = (p) => p.evaluate(() => document.querySelector('[data-stone="A3"]').classList.contains('dead'));
  const clickAndWait = async (p, want) => {
    await p.click('[data-vertex="A3"]');
    await p.waitForFunction((w) => document.querySelector('[data-stone="A3"]').classList.contains('dead') === w, want, { timeout: 10000 });
  };
  if (await isDead(black)) await clickAndWait(black, false);
  await clickAndWait(black, true);
  await white.waitForFunction(() => document.querySelector('[data-stone="A3"]').classList.contains('dead'));
  await white.waitForFunction(() => document.querySelectorAll('[data-territory="black"]').length >= 5);
  const counted = await stateOf(white);
  assert.ok(counted.dead.includes('A3'), `A3 dead: ${counted.dead}`);
  for (const v of ['A2', 'A3', 'B1', 'B2', 'C1']) {
    assert.ok(counted.territory.black.includes(v), `${v} is black's: ${counted.territory.black}`);
  }
  // Seki stones and dame are drawn apart from territory, one marker per vertex of the count.
  const drawn = await white.evaluate(() => ({
    seki: [...document.querySelectorAll('[data-seki]')].map((e) => e.dataset.seki).sort(),
    dame: [...document.querySelectorAll('[data-dame]')].map((e) => e.dataset.dame).sort(),
  }));
  assert.deepEqual(drawn.seki, [...counted.score.seki].sort());
  assert.deepEqual(drawn.dame, [...counted.score.dame].sort());
  await shot(black, '03-scoring');

  await black.click('#accept');
  await white.waitForFunction(() => /black accepted/.test(document.getElementById('accepted').textContent));
  await white.click('#accept');
  for (const p of [black, white]) {
    await p.waitForSelector('#final-result', { timeout: 10000 });
  }
  const result = await black.textContent('#final-result');
  const st = await stateOf(black);
  assert.equal(st.phase, 'finished');
  assert.equal(result, st.result);
  assert.match(result, /^(B|W)\+\d+(\.5)?$|^0$/);
  // The finished game keeps its count on the page.
  assert.equal(await black.textContent('#count-result'), st.score.result);
  assert.equal(await black.textContent('#total-black'), String(st.score.black.total));
  assert.equal(await black.textContent('#total-white'), String(st.score.white.total));
  await shot(black, '04-finished-black');
  await shot(white, '05-finished-white');

  // A spectator on a phone-sized screen sees the same game.
  const phone = await openContext({ width: 390, height: 844 });
  await phone.goto(watchUrl);
  await phone.waitForSelector('#final-result');
  assert.equal(await phone.textContent('#final-result'), result);
  const boardBox = await phone.locator('svg.board').boundingBox();
  assert.ok(boardBox.width <= 390 && boardBox.width > 300, `board fits the phone: ${boardBox.width}`);
  await shot(phone, '06-phone-watch');

  // Browsing the moves: Home shows the empty board, the arrows step, End comes back.
  const total = st.moves.length;
  await black.keyboard.press('Home');
  await black.waitForFunction((t) => document.getElementById('nav-pos').textContent === `move 0 of ${t}`, total);
  assert.equal(await black.locator('[data-stone]').count(), 0, 'move 0: an empty board');
  for (let i = 0; i < 8; i++) await black.keyboard.press('ArrowRight');
  await black.waitForFunction((t) => document.getElementById('nav-pos').textContent === `move 8 of ${t}`, total);
  // After move 8 (white C3) the ko stone stands; black's D3 (move 9) takes it.
  assert.equal(await black.locator('[data-stone="C3"]').count(), 1, 'C3 before the capture');
  await black.click('#nav-next');
  await black.waitForFunction(() => !document.querySelector('[data-stone="C3"]'));
  assert.equal(await black.locator('[data-stone]').count(), 8, 'five black and three white stones after move 9');
  await black.check('#opt-numbers');
  assert.equal(await black.textContent('[data-number="D3"]'), '9');
  assert.equal(await black.textContent('[data-number="B3"]'), '1');
  await shot(black, '07-browsing-move-9');
  await black.click('#nav-last');
  await black.waitForFunction((t) => document.getElementById('nav-pos').textContent === `move ${t}`, total);
  // Numbers on every stone of the final position; the replay agrees with the server's board.
  const stones = st.board.join('').replace(/\./g, '').length;
  assert.equal(await black.locator('[data-number]').count(), stones);
  assert.deepEqual(positionAt(st.width, st.height, [], st.moves, total, 1).board, st.board);
  assert.equal(await black.textContent('#rules'), `Rules: ${rulesName(st.rules)}`);
  assert.equal(rulesName(st.rules), 'Chinese, komi 7.5');
  await black.uncheck('#opt-numbers');

  // SGF download.
  const sgf = await (await fetch(`${BASE}/api/games/${st.id}/sgf`)).text();
  assert.match(sgf, /;B\[bg\];W\[dh\]/);
  assert.ok(sgf.includes(`RE[${result}]`));
});

test('an open seat taken from the lobby, clocks ticking, chat as text, a timeout ends the game', async () => {
  const host = await openContext({ width: 1200, height: 900 });
  const guest = await openContext({ width: 1200, height: 900 });

  // The host creates a 9x9 game with 3-second byo-yomi and no main time, White's seat open.
  await host.goto(`${BASE}/`);
  await host.selectOption('#size', '9');
  await host.fill('#black_name', 'Host');
  await host.selectOption('#time', 'custom');
  await host.selectOption('#t-system', 'byoyomi');
  await host.fill('#t-main', '0');
  await host.fill('#t-periods', '1');
  await host.fill('#t-period', '3');
  await host.selectOption('#open', 'white');
  await host.click('#create-button');
  await host.waitForSelector('#links:not([hidden])');
  assert.ok(await host.locator('#open-white').isHidden(), 'no link for the open seat');
  const hostUrl = await host.inputValue('#black-url');
  const id = hostUrl.split('/g/')[1].split('#')[0];

  // The guest sees it in the lobby's open games and takes the seat.
  await guest.goto(`${BASE}/`);
  await guest.fill('#join-name', 'Guest <b>');
  await guest.waitForSelector(`[data-join="${id}"]`, { timeout: 10000 });
  await guest.click(`[data-join="${id}"]`);
  await guest.waitForURL(/#token=/);
  await guest.waitForSelector('svg.board');
  assert.equal(await guest.evaluate(() => document.body.dataset.me), 'white');
  assert.equal(await guest.textContent('#name-white'), 'Guest <b> (you)');

  await host.goto(hostUrl);
  await host.waitForFunction(() => document.getElementById('conn').textContent === 'live');
  await guest.waitForFunction(() => document.getElementById('conn').textContent === 'live');
  for (const p of [host, guest]) {
    assert.ok(await p.locator('#clock-black').isVisible(), 'clocks shown');
    assert.ok(await p.locator('#clock-white').isVisible());
  }

  // Chat, shown as text.
  await guest.fill('#chat-text', '<i>hello</i> & good luck');
  await guest.click('#chat-send');
  await host.waitForFunction(() => document.querySelectorAll('#chat li').length === 1, null, { timeout: 10000 });
  assert.equal(await host.textContent('#chat li'), 'Guest <b><i>hello</i> & good luck');
  assert.equal(await host.locator('#chat li i').count(), 0, 'no markup from chat');

  // Black moves; white's clock runs, ticks down, and shows the last seconds.
  await statusIs(host, 'Your turn');
  await host.click('[data-vertex="E5"]');
  await guest.waitForFunction(() => document.getElementById('clock-white').classList.contains('running'), null, { timeout: 10000 });
  const left1 = parseFloat(await guest.getAttribute('#clock-white', 'data-left'));
  await guest.waitForTimeout(400);
  const left2 = parseFloat(await guest.getAttribute('#clock-white', 'data-left'));
  assert.ok(left2 < left1 && left1 <= 3, `white's clock ticks: ${left1} then ${left2}`);
  assert.ok(await guest.locator('#clock-white.low').count() === 1, 'the last seconds are marked');
  await shot(guest, '11-clock-running');

  // Nobody moves: white's period runs out and both boards show the result.
  for (const p of [host, guest]) {
    await p.waitForSelector('#final-result', { timeout: 10000 });
    assert.equal(await p.textContent('#final-result'), 'B+T');
    assert.match(await p.textContent('#status'), /B\+T \(on time\)/);
  }
  await shot(host, '12-timeout');
  const st = await stateOf(host);
  assert.equal(st.result, 'B+T');
});

test('a phone: the lobby fits 390 px; a tap shows the stone, Play confirms it; the tab title', async () => {
  const phone = await openContext({ width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  await phone.goto(`${BASE}/`);
  await phone.waitForSelector('#create-button');
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `the lobby is ${width} px wide on a 390 px screen`);
  await shot(phone, '08-phone-lobby');
  const res = await fetch(`${BASE}/api/games`, { method: 'POST', body: '{"width":19,"handicap":2}' });
  const g = await res.json();
  assert.equal(g.state.komi, 0.5, 'a handicap game has komi 0.5');
  const desk = await openContext({ width: 1200, height: 900 });
  await desk.goto(g.black_url);
  await phone.goto(g.white_url);
  await phone.waitForFunction(() => document.getElementById('conn').textContent === 'live');
  assert.ok(await phone.isChecked('#opt-confirm'), 'confirming is on by default on a touch screen');
  await phone.waitForFunction(() => document.title.startsWith('● Your move'));
  await phone.tap('[data-vertex="Q4"]');
  await phone.waitForSelector('#confirm-box:not([hidden])');
  assert.equal(await phone.locator('.marks .ghost').count(), 1, 'the ghost stone');
  let now = await (await fetch(`${BASE}/api/games/${g.id}`)).json();
  assert.equal(now.move_number, 0, 'a first tap plays nothing');
  await shot(phone, '09-phone-confirm');
  await phone.tap('#confirm-move');
  await desk.waitForFunction(() => document.getElementById('move-count').textContent === '(1)');
  now = await (await fetch(`${BASE}/api/games/${g.id}`)).json();
  assert.deepEqual(now.moves, ['Q4']);
  await desk.waitForFunction(() => document.title.startsWith('● Your move'));
  await phone.waitForFunction(() => !document.title.startsWith('●'));
  // The handicap stones are the set-up of the replay: browsing back to move 0 shows them.
  await phone.tap('#nav-first');
  await phone.waitForFunction(() => document.querySelectorAll('[data-stone]').length === 2);
  await shot(phone, '10-phone-move-0');
});

test('play the computer from the lobby: the built-in engine answers each move on the board', async () => {
  const page = await openContext({ width: 1200, height: 900 });
  await page.goto(`${BASE}/`);
  // The engines the server offers fill the form; the built-in one is always first.
  await page.waitForFunction(() => document.querySelectorAll('#c-engine option').length >= 1);
  assert.equal(await page.inputValue('#c-engine'), 'tengen');
  await page.selectOption('#c-color', 'black');
  await page.selectOption('#c-size', '9');
  await page.selectOption('#c-time', 'none');
  await page.fill('#c-name', 'Human');
  await page.click('#computer-button');
  await page.waitForURL(/#token=/);
  await page.waitForSelector('svg.board');
  assert.equal(await page.evaluate(() => document.body.dataset.me), 'black');
  assert.equal(await page.textContent('#name-white'), 'tengen (computer)');
  assert.equal(await page.textContent('#name-black'), 'Human (you)');
  // Two moves of ours; the computer answers each (its stone lands without any other client).
  for (const [vertex, n] of [['E5', 2], ['C3', 4]]) {
    await statusIs(page, 'Your turn');
    const free = await page.evaluate((v) => !document.querySelector(`[data-stone="${v}"]`), vertex);
    const target = free ? vertex : 'G7';
    await page.click(`[data-vertex="${target}"]`);
    await page.waitForFunction((k) => document.getElementById('move-count').textContent === `(${k})`, n, { timeout: 30000 });
  }
  const st = await stateOf(page);
  assert.equal(st.white_engine, 'tengen');
  assert.equal(st.moves.length, 4);
  assert.equal(st.phase, 'play');
  assert.equal(await page.locator('[data-stone]').count(), 4, 'four stones on the board');
  await shot(page, '13-play-the-computer');
});
