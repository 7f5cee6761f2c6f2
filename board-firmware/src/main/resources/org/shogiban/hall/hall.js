'use strict';
// Words the arbiter reads: one table per language, Japanese first.
const WORDS = {
  ja: {title: '対局場', relay: '中継', calls: '呼び出し', boards: '盤', board: '盤', pin: '暗証番号', pause: '中断',
       resume: '再開', undo: '一手戻す', overrule: '反則取消', abort: '中止', adjust: '時間調整', result: '勝敗',
       close: '閉じる', pairings: '組み合わせ', round: '回戦', send: '送る', ack: '確認',
       pairingsHelp: '一行に一局: 盤,先手,後手,持ち時間,モード (例 b1,羽生,藤井,main=600,byoyomi=30,tournament)',
       online: '接続', offline: '切断', unknown: '不明', sente: '先手', gote: '後手', ply: '手数',
       export: 'KIF/CSA を zip で', results: '結果'},
  en: {title: 'Tournament hall', relay: 'Live relay', calls: 'Calls', boards: 'Boards', board: 'Board', pin: 'PIN',
       pause: 'Pause', resume: 'Resume', undo: 'Undo', overrule: 'Overrule', abort: 'Abort', adjust: 'Adjust',
       result: 'Result', close: 'Close', pairings: 'Pairings', round: 'Round', send: 'Send', ack: 'Acknowledge',
       pairingsHelp: 'One game a line: board,sente,gote,time,mode (e.g. b1,Habu,Fujii,main=600,byoyomi=30,tournament)',
       online: 'online', offline: 'offline', unknown: 'unknown', sente: 'Sente', gote: 'Gote', ply: 'Ply',
       export: 'KIF/CSA as zip', results: 'Results'}
};
const LANG = (navigator.language || 'ja').startsWith('ja') ? 'ja' : 'en';
const W = k => WORDS[LANG][k] || WORDS.en[k] || k;
const KANJI = {p: '歩', l: '香', n: '桂', s: '銀', g: '金', b: '角', r: '飛', k: '玉',
               '+p': 'と', '+l': '杏', '+n': '圭', '+s': '全', '+b': '馬', '+r': '龍'};
let view = null;
let open = null;

document.querySelectorAll('[data-word]').forEach(e => { e.textContent = W(e.dataset.word); });

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

function mini(sfen) {
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
  return d;
}

function clock(c) {
  if (!c) return '-';
  const s = Math.floor(c.mainMs / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0')
      + (c.mainMs === 0 && c.byoyomiMs ? ' (' + Math.ceil(c.byoyomiMs / 1000) + ')' : '');
}

function resultText(r) {
  return r ? r.status + ' ' + (r.winner || '-') : '';
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
  head.textContent = b.id + ' · ' + W(b.status) + ' · ' + W('ply') + ' ' + (st.ply == null ? '-' : st.ply)
      + ' ' + (st.phase || '');
  c.appendChild(head);
  c.appendChild(mini(st.sfen));
  const players = document.createElement('div');
  const clk = st.clock || {};
  players.innerHTML = '';
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

function draw() {
  if (!view) return;
  document.getElementById('hall-name').textContent = view.hall;
  const boards = document.getElementById('boards');
  boards.replaceChildren(...view.boards.map(card));
  const calls = document.getElementById('calls');
  calls.replaceChildren(...view.calls.filter(c => !c.acknowledged).map(c => {
    const li = document.createElement('li');
    li.dataset.call = c.board + ':' + c.seq;
    li.dataset.board = c.board;
    li.dataset.acknowledged = c.acknowledged;
    li.textContent = new Date(c.wallMillis).toLocaleTimeString() + ' ' + c.board + ': ' + c.text + ' ';
    const ack = document.createElement('button');
    ack.dataset.ack = c.board + ':' + c.seq;
    ack.textContent = W('ack');
    ack.onclick = () => post('/api/ack', {board: c.board, seq: c.seq});
    li.appendChild(ack);
    return li;
  }));
  const detail = document.getElementById('detail');
  const b = view.boards.find(x => x.id === open);
  detail.hidden = !b;
  detail.dataset.openBoard = b ? b.id : '';
  if (b) {
    document.getElementById('detail-id').textContent = b.id;
    document.getElementById('detail-board').replaceChildren(mini((b.state || {}).sfen));
    const st = b.state || {};
    document.getElementById('detail-info').textContent = W('sente') + ' ' + (b.sente || '') + ' / '
        + W('gote') + ' ' + (b.gote || '') + ' · ' + W('ply') + ' ' + st.ply + ' · ' + (st.phase || '')
        + ' · ' + resultText(st.result) + ' · ' + (st.mode || '') + ' ' + (st.timeControl || '');
  }
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
      for (const v of [p.board, p.sente, p.gote, p.time, p.mode, p.reply || '', p.gameId || '', p.result || '']) {
        tr.insertCell().textContent = v;
      }
    }
    return t;
  }));
}

async function post(url, body) {
  const r = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'},
                              body: JSON.stringify(body)});
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
  reply.textContent = r.reply || r.error;
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
  out.textContent = r.error || Object.entries(r.replies).map(([b, t]) => b + ': ' + t).join(' | ');
  out.dataset.sent = r.error ? 'error' : 'ok';
};

async function follow() {
  let after = -1;
  for (;;) {
    try {
      const r = await fetch('/api/hall?after=' + after);
      view = await r.json();
      after = view.version;
      draw();
      document.body.dataset.version = after;
    } catch (e) {
      await new Promise(res => setTimeout(res, 1000));
    }
  }
}
follow();
