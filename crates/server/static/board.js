// The board as SVG: grid, star points, coordinates, stones, markers, territory, hover stone.
import { COLUMNS, vertex, point } from './api.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 40;
const MARGIN = 52;

function el(name, attrs = {}, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// Star points as GNU Go and most boards draw them.
export function starPoints(w, h) {
  if (w !== h || w < 7) return [];
  const n = w;
  const edge = n >= 13 ? 3 : 2;
  const far = n - 1 - edge;
  const mid = (n - 1) / 2;
  const pts = [[edge, edge], [far, edge], [edge, far], [far, far]];
  if (n % 2 === 1) {
    pts.push([mid, mid]);
    if (n >= 19) pts.push([mid, edge], [mid, far], [edge, mid], [far, mid]);
  }
  return pts;
}

export class Board {
  // onClick(vertex) is called for a click on a point.
  constructor(container, onClick) {
    this.container = container;
    this.onClick = onClick;
    this.svg = null;
    this.size = null;
    this.hoverColor = null; // 'black' | 'white' | null: the stone shown under the pointer
    this.ghost = null; // a vertex: the stone a touch placed, waiting to be confirmed
  }

  build(w, h) {
    this.size = { w, h };
    const width = (w - 1) * CELL + 2 * MARGIN;
    const height = (h - 1) * CELL + 2 * MARGIN;
    const svg = el('svg', {
      viewBox: `0 0 ${width} ${height}`,
      class: 'board',
      role: 'img',
      'aria-label': `${w} by ${h} Go board`,
    });
    const defs = el('defs', {}, svg);
    const gb = el('radialGradient', { id: 'gb', cx: '35%', cy: '35%', r: '60%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#666' }, gb);
    el('stop', { offset: '100%', 'stop-color': '#111' }, gb);
    const gw = el('radialGradient', { id: 'gw', cx: '35%', cy: '35%', r: '65%' }, defs);
    el('stop', { offset: '0%', 'stop-color': '#fff' }, gw);
    el('stop', { offset: '100%', 'stop-color': '#cfcfcf' }, gw);
    el('rect', { x: 0, y: 0, width, height, class: 'wood' }, svg);
    const grid = el('g', { class: 'grid' }, svg);
    for (let x = 0; x < w; x++) {
      el('line', { x1: MARGIN + x * CELL, y1: MARGIN, x2: MARGIN + x * CELL, y2: MARGIN + (h - 1) * CELL }, grid);
    }
    for (let y = 0; y < h; y++) {
      el('line', { x1: MARGIN, y1: MARGIN + y * CELL, x2: MARGIN + (w - 1) * CELL, y2: MARGIN + y * CELL }, grid);
    }
    for (const [x, y] of starPoints(w, h)) {
      el('circle', { cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: 4, class: 'star' }, grid);
    }
    const labels = el('g', { class: 'coords' }, svg);
    for (let x = 0; x < w; x++) {
      for (const y of [MARGIN * 0.4, height - MARGIN * 0.4]) {
        const t = el('text', { x: MARGIN + x * CELL, y, 'dominant-baseline': 'central', 'text-anchor': 'middle' }, labels);
        t.textContent = COLUMNS[x];
      }
    }
    for (let y = 0; y < h; y++) {
      for (const x of [MARGIN * 0.4, width - MARGIN * 0.4]) {
        const t = el('text', { x, y: MARGIN + y * CELL, 'dominant-baseline': 'central', 'text-anchor': 'middle' }, labels);
        t.textContent = String(h - y);
      }
    }
    this.territory = el('g', { class: 'territory' }, svg);
    this.stones = el('g', { class: 'stones' }, svg);
    this.marks = el('g', { class: 'marks' }, svg);
    this.hover = el('circle', { r: CELL * 0.47, class: 'hover', visibility: 'hidden' }, svg);
    const hits = el('g', { class: 'hits' }, svg);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const v = vertex(x, y, h);
        const r = el('rect', {
          x: MARGIN + x * CELL - CELL / 2, y: MARGIN + y * CELL - CELL / 2,
          width: CELL, height: CELL, class: 'hit', 'data-vertex': v,
        }, hits);
        r.addEventListener('click', () => this.onClick(v));
        r.addEventListener('pointerenter', () => this.showHover(x, y));
        r.addEventListener('pointerleave', () => this.hover.setAttribute('visibility', 'hidden'));
      }
    }
    this.container.replaceChildren(svg);
    this.svg = svg;
  }

  showHover(x, y) {
    const s = this.state;
    if (!this.hoverColor || !s || s.board[y][x] !== '.') {
      this.hover.setAttribute('visibility', 'hidden');
      return;
    }
    this.hover.setAttribute('cx', MARGIN + x * CELL);
    this.hover.setAttribute('cy', MARGIN + y * CELL);
    this.hover.setAttribute('class', `hover ${this.hoverColor}`);
    this.hover.setAttribute('visibility', 'visible');
  }

  render(state) {
    this.state = state;
    if (!this.svg || this.size.w !== state.width || this.size.h !== state.height) {
      this.build(state.width, state.height);
    }
    const h = state.height;
    const dead = new Set(state.dead || []);
    this.stones.replaceChildren();
    this.marks.replaceChildren();
    this.territory.replaceChildren();
    for (let y = 0; y < h; y++) {
      const row = state.board[y];
      for (let x = 0; x < state.width; x++) {
        const c = row[x];
        if (c === '.') continue;
        const v = vertex(x, y, h);
        const color = c === 'x' ? 'black' : 'white';
        el('circle', {
          cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: CELL * 0.47,
          class: `stone ${color}${dead.has(v) ? ' dead' : ''}`,
          fill: color === 'black' ? 'url(#gb)' : 'url(#gw)', 'data-stone': v,
        }, this.stones);
      }
    }
    const terr = state.territory || { black: [], white: [] };
    for (const color of ['black', 'white']) {
      for (const v of terr[color] || []) {
        const p = point(v, h);
        if (!p) continue;
        const s = CELL * 0.3;
        el('rect', {
          x: MARGIN + p.x * CELL - s / 2, y: MARGIN + p.y * CELL - s / 2, width: s, height: s,
          class: `owned ${color}`, 'data-territory': color,
        }, this.territory);
      }
    }
    // Scoring: seki stones (alive, but their points count for nobody) get a square ring, dame
    // (neutral points) a small grey cross, so that neither is taken for territory.
    const score = state.phase !== 'play' ? state.score : null;
    for (const v of (score && score.seki) || []) {
      const p = point(v, h);
      if (!p) continue;
      const s = CELL * 0.5;
      el('rect', {
        x: MARGIN + p.x * CELL - s / 2, y: MARGIN + p.y * CELL - s / 2, width: s, height: s,
        class: `seki ${state.board[p.y][p.x] === 'x' ? 'on-black' : 'on-white'}`, 'data-seki': v,
      }, this.marks);
    }
    for (const v of (score && score.dame) || []) {
      const p = point(v, h);
      if (!p) continue;
      const cx = MARGIN + p.x * CELL, cy = MARGIN + p.y * CELL, d = CELL * 0.14;
      const g = el('g', { class: 'dame', 'data-dame': v }, this.territory);
      el('line', { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d }, g);
      el('line', { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d }, g);
    }
    // Move numbers on the stones (state.numbers: vertex -> number), when asked for.
    if (state.numbers) {
      for (const [v, n] of state.numbers) {
        const p = point(v, h);
        if (!p || state.board[p.y][p.x] === '.') continue;
        const t = el('text', {
          x: MARGIN + p.x * CELL, y: MARGIN + p.y * CELL, 'dominant-baseline': 'central',
          'text-anchor': 'middle', 'data-number': v,
          class: `num ${state.board[p.y][p.x] === 'x' ? 'on-black' : 'on-white'}`
            + `${n >= 100 ? ' small' : ''}${v === state.last_move ? ' is-last' : ''}`,
        }, this.marks);
        t.textContent = String(n);
      }
    }
    const ghost = point(this.ghost, h);
    if (ghost && this.hoverColor && state.board[ghost.y][ghost.x] === '.') {
      el('circle', {
        cx: MARGIN + ghost.x * CELL, cy: MARGIN + ghost.y * CELL, r: CELL * 0.47,
        class: `ghost ${this.hoverColor}`,
      }, this.marks);
    }
    const last = point(state.last_move, h);
    if (last && state.board[last.y][last.x] !== '.' && !state.numbers) {
      const onBlack = state.board[last.y][last.x] === 'x';
      el('circle', {
        cx: MARGIN + last.x * CELL, cy: MARGIN + last.y * CELL, r: CELL * 0.18,
        class: `last ${onBlack ? 'on-black' : 'on-white'}`,
      }, this.marks);
    }
    const ko = point(state.ko, h);
    if (ko) {
      const s = CELL * 0.4;
      el('rect', {
        x: MARGIN + ko.x * CELL - s / 2, y: MARGIN + ko.y * CELL - s / 2, width: s, height: s,
        class: 'ko',
      }, this.marks);
    }
  }
}
