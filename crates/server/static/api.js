// Talking to the tengen server: JSON requests, errors as exceptions with the server's code.

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export async function request(method, path, { token, body } = {}) {
  const headers = {};
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError(0, 'network', 'The server cannot be reached.');
  }
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (_) { /* not JSON */ }
  if (!res.ok) {
    const err = data && data.error ? data.error : { code: 'http_' + res.status, message: text };
    throw new ApiError(res.status, err.code, err.message);
  }
  return data;
}

export const COLUMNS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

// Vertex of the point (x, y), y counted from the top.
export function vertex(x, y, height) {
  return COLUMNS[x] + String(height - y);
}

// (x, y) of a vertex, or null.
export function point(v, height) {
  if (!v || v === 'pass' || v === 'resign') return null;
  const x = COLUMNS.indexOf(v[0].toUpperCase());
  const row = parseInt(v.slice(1), 10);
  if (x < 0 || !(row >= 1)) return null;
  return { x, y: height - row };
}

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({
    '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;',
  })[c]);
}
