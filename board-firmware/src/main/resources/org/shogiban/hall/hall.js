'use strict';
// The arbiter's page: every word it shows comes from messages_<lang>.json (Japanese first, English); the board's and
// the server's raw words stay in data-* attributes for scripts and tests.
const LANG = (navigator.language || 'ja').startsWith('ja') ? 'ja' : 'en';
let WORDS = {};
const W = (k, args) => {
  let s = WORDS[k] || k;
  for (const [a, v] of Object.entries(args || {})) s = s.replace('{' + a + '}', v);
  return s;
};
const KANJI = {p: '歩', l: '香', n: '桂', s: '銀', g: '金', b: '角', r: '飛', k: '玉',
               '+p': 'と', '+l': '杏', '+n': '圭', '+s': '全', '+b': '馬', '+r': '龍'};
const HAND_ORDER = 'RBGSNLP';
const STATUSES = ['RESIGNATION', 'CHECKMATE', 'TIME_UP', 'ILLEGAL_MOVE', 'NO_LEGAL_MOVES', 'REPETITION_DRAW',
                  'PERPETUAL_CHECK', 'IMPASSE_DECLARATION', 'ABORTED'];
let view = null;
let open = null;
let csrf = null;

function words() {
  document.documentElement.lang = LANG;
  document.querySelectorAll('[data-word]').forEach(e => { e.textContent = W(e.dataset.word); });
  const st = document.getElementById('result-status');
  st.replaceChildren(...STATUSES.map(s => { const o = document.createElement('option');
                                           o.value = s; o.textContent = W('status.' + s); return o; }));
}

function squares(sfen) {
  const out = [];
  const rows = (sfen || '9/9/9/9/9/9/9/9/9').split(' ')[0].split('/');
  for (const row of rows) {
    let promoted = false;
    for (const c of row) {
      if (c === '+') { promoted = true; continue; }
      if (/\d/.test(c)) { for (let i = 0; i < +c; i++) out.push(''); continue; }
      out.push((promoted ? '+' : '') + c);
      promoted = false;
    }
  }
  return out;
}

/** The pieces in hand of an SFEN: {sente: {P: 2, ...}, gote: {...}}. */
function hands(sfen) {
  const out = {sente: {}, gote: {}};
  const field = (sfen || '').split(' ')[2] || '-';
  let count = '';
  for (const c of field) {
    if (c === '-') break;
    if (/\d/.test(c)) { count += c; continue; }
    const side = c === c.toUpperCase() ? 'sente' : 'gote';
    out[side][c.toUpperCase()] = (out[side][c.toUpperCase()] || 0) + (count ? +count : 1);
    count = '';
  }
  return out;
}

function hand(side, pieces) {
  const d = document.createElement('div');
  d.className = 'hand';
  d.dataset.hand = side;
  d.append((side === 'sente' ? '☗' : '☖') + W('hand') + ' ');
  const kinds = HAND_ORDER.split('').filter(k => pieces[k]);
  if (!kinds.length) d.append(W('handNone'));
  for (const k of kinds) {
    const s = document.createElement('span');
    s.dataset.handPiece = k;
    s.dataset.count = pieces[k];
    s.textContent = KANJI[k.toLowerCase()] + (pieces[k] > 1 ? pieces[k] : '') + ' ';
    d.appendChild(s);
  }
  return d;
}

function mini(sfen) {
  const wrap = document.createElement('div');
  const h = hands(sfen);
  wrap.appendChild(hand('gote', h.gote));
  const d = document.createElement('div');
  d.className = 'mini';
  squares(sfen).forEach((p, i) => {
    const s = document.createElement('div');
    const file = 9 - (i % 9), rank = 'abcdefghi'[Math.floor(i / 9)];
    s.dataset.square = file + rank;
    s.dataset.piece = p;
    if (p) {
      s.textContent = KANJI[p.toLowerCase()] || '?';
      if (p.replace('+', '') === p.replace('+', '').toLowerCase()) s.className = 'gote';
    }
    d.appendChild(s);
  });
  wrap.appendChild(d);
  wrap.appendChild(hand('sente', h.sente));
  return wrap;
}

function clock(c) {
  if (!c) return '-';
  const s = Math.floor(c.mainMs / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0')
      + (c.mainMs === 0 && c.byoyomiMs ? ' (' + Math.ceil(c.byoyomiMs / 1000) + ')' : '');
}

function resultText(r) {
  return r ? W('result.line', {winner: W('winner.' + (r.winner || 'none')), status: W('status.' + r.status)}) : '';
}

/** A board's reply line in words: OK is accepted, ERR <CODE> ... the code's sentence. */
function replyText(reply) {
  if (!reply) return W('reply.none');
  if (reply.startsWith('OK')) return W('reply.ok');
  const code = reply.split(' ')[1] || '';
  return WORDS['err.' + code] ? W('err.' + code) : W('err.other');
}

function callText(c) {
  const ply = (c.text || '').split(' ')[1] || '';
  return W('call.' + c.kind, {ply: ply});
}

function phaseText(st) {
  return st.phase ? W('phase.' + st.phase) : '';
}

function card(b) {
  const st = b.state || {};
  const c = document.createElement('div');
  c.className = 'card';
  c.dataset.board = b.id;
  c.dataset.status = b.status;
  c.dataset.flagged = b.flagged;
  c.dataset.ply = st.ply == null ? '' : st.ply;
  c.dataset.phase = st.phase || '';
  c.dataset.result = st.result ? st.result.status + ' ' + (st.result.winner || 'none') : '';
  c.dataset.seq = b.seq;
  const head = document.createElement('div');
  head.textContent = b.id + ' · ' + W(b.status) + ' · ' + (st.ply == null ? '-' : W('plies', {n: st.ply}))
      + ' · ' + phaseText(st);
  c.appendChild(head);
  c.appendChild(mini(st.sfen));
  const players = document.createElement('div');
  const clk = st.clock || {};
  for (const side of ['sente', 'gote']) {
    const p = document.createElement('div');
    p.dataset.clock = side;
    p.dataset.running = clk.running === side;
    p.textContent = (clk.running === side ? '▶ ' : '') + W(side) + ' ' + (b[side] || '') + ' ' + clock(clk[side]);
    players.appendChild(p);
  }
  c.appendChild(players);
  const res = document.createElement('div');
  res.textContent = resultText(st.result);
  c.appendChild(res);
  c.onclick = () => { open = b.id; draw(); };
  return c;
}

function drawCalls() {
  const calls = document.getElementById('calls');
  calls.replaceChildren(...view.calls.filter(c => !c.acknowledged).map(c => {
    const li = document.createElement('li');
    li.dataset.call = c.board + ':' + c.seq;
    li.dataset.board = c.board;
    li.dataset.kind = c.kind;
    li.dataset.text = c.text;
    li.dataset.acknowledged = c.acknowledged;
    li.textContent = new Date(c.wallMillis).toLocaleTimeString() + ' ' + c.board + ': ' + callText(c) + ' ';
    const ack = document.createElement('button');
    ack.dataset.ack = c.board + ':' + c.seq;
    ack.textContent = W('ack');
    ack.onclick = () => post('/api/ack', {board: c.board, seq: c.seq});
    li.appendChild(ack);
    return li;
  }));
}

/** The calls of the day the arbiters acknowledged: who, when, with the call's words; the latest first. */
function drawAcknowledged() {
  const day = new Date();
  day.setHours(0, 0, 0, 0);
  const done = view.calls.filter(c => c.acknowledged && c.wallMillis >= day.getTime())
      .sort((a, b) => b.acknowledgedMillis - a.acknowledgedMillis);
  document.getElementById('acked').replaceChildren(...done.map(c => {
    const li = document.createElement('li');
    li.dataset.acked = c.board + ':' + c.seq;
    li.dataset.kind = c.kind;
    li.dataset.text = c.text;
    li.dataset.by = c.acknowledgedBy;
    li.dataset.at = c.acknowledgedMillis;
    li.textContent = W('acked.line', {time: new Date(c.wallMillis).toLocaleTimeString(), board: c.board,
                                       call: callText(c), by: c.acknowledgedBy === '-' ? W('acked.nobody')
                                           : c.acknowledgedBy, at: new Date(c.acknowledgedMillis).toLocaleTimeString()});
    return li;
  }));
}

function drawDetail() {
  const detail = document.getElementById('detail');
  const b = view.boards.find(x => x.id === open);
  detail.hidden = !b;
  detail.dataset.openBoard = b ? b.id : '';
  if (!b) return;
  const st = b.state || {};
  document.getElementById('detail-id').textContent = b.id;
  document.getElementById('detail-board').replaceChildren(mini(st.sfen));
  document.getElementById('detail-info').textContent = [
    W('sente') + ' ' + (b.sente || '') + ' / ' + W('gote') + ' ' + (b.gote || ''),
    W('plies', {n: st.ply == null ? '-' : st.ply}), phaseText(st), resultText(st.result),
    st.mode ? W('mode.' + st.mode) : ''].filter(x => x).join(' · ');
}

function drawRounds() {
  const results = document.getElementById('results');
  results.replaceChildren(...view.rounds.map(r => {
    const t = document.createElement('table');
    t.dataset.round = r.round;
    const cap = t.createCaption();
    cap.textContent = r.round + ' ' + W('round') + ' ';
    const a = document.createElement('a');
    a.href = '/api/rounds/' + r.round + '/export.zip';
    a.dataset.export = r.round;
    a.textContent = W('export');
    cap.appendChild(a);
    for (const p of r.pairings) {
      const tr = t.insertRow();
      tr.dataset.resultBoard = p.board;
      tr.dataset.gameId = p.gameId || '';
      tr.dataset.result = p.result || '';
      tr.dataset.reply = p.reply || '';
      const result = p.result ? p.result.split(' ') : null;
      const words = [p.board, p.sente, p.gote, p.time, p.mode ? W('mode.' + p.mode) : '', replyText(p.reply),
                     result ? W('result.line', {winner: W('winner.' + (result[1] === '-' ? 'none' : result[1])),
                                                status: W('status.' + result[0])}) : ''];
      for (const v of words) tr.insertCell().textContent = v;
    }
    return t;
  }));
}

function draw() {
  if (!view) return;
  document.getElementById('hall-name').textContent = view.hall;
  document.getElementById('faults').replaceChildren(...(view.faults || []).map(f => {
    const p = document.createElement('p');
    p.dataset.fault = f;
    p.textContent = W('faults') + ': ' + f;
    return p;
  }));
  document.getElementById('boards').replaceChildren(...view.boards.map(card));
  drawCalls();
  drawAcknowledged();
  drawDetail();
  drawRounds();
}

async function post(url, body) {
  const r = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf},
                              body: JSON.stringify(body)});
  if (r.status === 401) { showLogin(''); return {error: 'login'}; }
  return r.json();
}

document.querySelectorAll('[data-action]').forEach(btn => btn.onclick = async () => {
  const a = btn.dataset.action;
  let line = 'ARBITER ' + a;
  if (a === 'adjust') line += ' ' + document.getElementById('adjust-side').value + ' '
      + document.getElementById('adjust-seconds').value;
  if (a === 'result') line += ' ' + document.getElementById('result-status').value + ' '
      + document.getElementById('result-winner').value;
  const r = await post('/api/cmd', {board: open, line: line, pin: document.getElementById('pin').value});
  const reply = document.getElementById('reply');
  reply.textContent = r.reply ? replyText(r.reply) : W('reply.timeout');
  reply.dataset.reply = r.reply || ('ERROR ' + r.error);
});
document.getElementById('close-detail').onclick = () => { open = null; draw(); };

document.getElementById('send-round').onclick = async () => {
  const pairings = document.getElementById('pairings').value.split('\n').map(l => l.trim()).filter(l => l)
      .map(l => { const f = l.split(',').map(x => x.trim());
                  // the time control may hold commas itself (main=600,byoyomi=30): it is what lies between
                  const rest = f.slice(3);
                  const mode = rest.length && /^(casual|tournament)$/.test(rest[rest.length - 1]) ? rest.pop() : '';
                  return {board: f[0], sente: f[1] || '', gote: f[2] || '', time: rest.join(','), mode: mode}; });
  const r = await post('/api/round', {round: +document.getElementById('round').value, pairings: pairings});
  const out = document.getElementById('round-reply');
  out.textContent = r.error || Object.entries(r.replies).map(([b, t]) => b + ': ' + replyText(t)).join(' | ');
  out.dataset.sent = r.error ? 'error' : 'ok';
  out.dataset.replies = r.error ? '' : JSON.stringify(r.replies);
};

function showLogin(why) {
  document.getElementById('login-box').hidden = false;
  document.getElementById('hall-box').hidden = true;
  document.getElementById('login-reply').textContent = why;
}

document.getElementById('login-send').onclick = async () => {
  const r = await fetch('/api/login', {method: 'POST', headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({name: document.getElementById('login-name').value,
                          password: document.getElementById('login-password').value})});
  const s = await r.json();
  document.getElementById('login-password').value = '';
  if (r.ok) { csrf = s.csrf; enter(s.name); return; }
  const out = document.getElementById('login-reply');
  out.dataset.refused = r.status;
  out.textContent = r.status === 429 ? W('login.locked', {s: s.seconds}) : W('login.wrong');
};

document.getElementById('logout').onclick = async () => { await post('/api/logout', {}); location.reload(); };

let following = false;
function enter(name) {
  document.getElementById('login-box').hidden = true;
  document.getElementById('hall-box').hidden = false;
  document.getElementById('arbiter').textContent = name === '-' ? '' : name;
  document.getElementById('arbiter').dataset.arbiter = name;
  document.getElementById('logout').hidden = name === '-';
  if (!following) { following = true; follow(); }
}

async function follow() {
  let after = -1;
  for (;;) {
    try {
      // only what changed since the page's version (the whole hall when the page is new or the hall is another)
      const r = await fetch('/api/hall?since=' + after);
      if (r.status === 401) { following = false; showLogin(''); return; }
      view = applyHall(view, await r.json());
      after = view.version;
      draw();
      document.body.dataset.version = after;
    } catch (e) {
      await new Promise(res => setTimeout(res, 1000));
    }
  }
}

async function begin() {
  WORDS = await (await fetch('/messages_' + LANG + '.json')).json();
  words();
  const r = await fetch('/api/session');
  const s = await r.json();
  if (r.ok) { csrf = s.csrf; enter(s.name); } else { showLogin(s.accounts === false ? W('login.none') : ''); }
}
begin();
