// ShogiBan web simulator page. The page only moves wooden pieces and presses buttons; everything it shows about the
// game (moves, LEDs, clock, result) comes from the board over /api/events. Every word it shows comes from
// messages_ja.json or messages_en.json (Japanese when the browser prefers it, switchable and kept).
'use strict';

const KANJI = {K: '玉', k: '王', R: '飛', B: '角', G: '金', S: '銀', N: '桂', L: '香', P: '歩',
  '+R': '龍', '+B': '馬', '+S': '全', '+N': '圭', '+L': '杏', '+P': 'と'};
const FILES = ['9', '8', '7', '6', '5', '4', '3', '2', '1'];
const RANKS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];
const RANK_KANJI = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FILE_DIGITS = ['９', '８', '７', '６', '５', '４', '３', '２', '１'];
const SLOT_ORDER = ['R', 'B', 'G', 'S', 'N', 'L', 'P'];
/** How long a hand holds a square empty between taking one piece off and putting another on (ms). */
const HAND_MILLIS = 150;

let view = null;            // the last page state from the board
let lastKifu = null;        // the last move in kifu words, from the log
let illegalKifu = {};       // the illegal moves seen, USI to kifu words, from the log (the put-back prompt says them)
let viewAt = 0;             // when it arrived (performance.now())
let turned = location.hash === '#gote';
let origins = [];           // where each held piece was lifted from, index 0 the last lifted (this page's memory)
let selected = null;        // a held piece the player chose with a click
let chain = Promise.resolve();
let audio = null;
let lang = 'en';
let words = {};
const LOG_LINES = [];        // the lines shown, kept to be shown again in another language
const LANG_KEY = 'shogiban.lang';

// ------------------------------------------------------------------------------------------------ words

/** The language the page speaks: the one chosen on the page, else Japanese when the browser prefers it to English. */
function chooseLanguage() {
  let kept = null;
  try {
    kept = localStorage.getItem(LANG_KEY);
  } catch (e) {
    kept = null;
  }
  if (kept === 'ja' || kept === 'en') {
    return kept;
  }
  for (const l of navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]) {
    const base = String(l || '').toLowerCase().split('-')[0];
    if (base === 'ja' || base === 'en') {
      return base;
    }
  }
  return 'en';
}

async function loadLanguage(chosen) {
  const r = await fetch('messages_' + chosen + '.json');
  words = await r.json();
  lang = chosen;
  document.documentElement.lang = chosen;
  document.documentElement.dataset.lang = chosen;
}

/** A sentence from the table with {name} replaced by args.name; a missing key shows as itself. */
function t(key, args) {
  const text = Object.prototype.hasOwnProperty.call(words, key) ? words[key] : key;
  return text.replace(/\{([A-Za-z]+)\}/g, (m, name) => (args && args[name] !== undefined ? String(args[name]) : m));
}

function applyWords() {
  for (const el of document.querySelectorAll('[data-i18n]')) {
    el.textContent = t(el.dataset.i18n);
  }
  for (const el of document.querySelectorAll('[data-i18n-title]')) {
    el.title = t(el.dataset.i18nTitle);
  }
  document.title = t('title');
  const link = document.getElementById('link');
  link.textContent = t('link.' + (link.dataset.link === 'live' ? 'live' : link.dataset.link === 'lost' ? 'lost'
    : 'connecting'));
}

/** Whether the game starts from a handicap (下手/上手 instead of 先手/後手). */
function handicap() {
  const start = view ? view.setup.start : 'startpos';
  return start !== 'startpos' && !start.startsWith('sfen');
}

/** A side's name as players say it: 先手/後手, 下手/上手 in a handicap game. */
function role(side) {
  return t('role.' + (side === 'sente' ? (handicap() ? 'shitate' : 'sente') : (handicap() ? 'uwate' : 'gote')));
}

/** The time control text (main=600,byoyomi=30,...) in words: 持ち時間10分 秒読み30秒. */
function timeWords(spec) {
  const sides = {both: {}, sente: {}, gote: {}};
  for (const pair of String(spec || '').split(',')) {
    const [key, value] = pair.split('=');
    if (value === undefined) {
      continue;
    }
    const dot = key.indexOf('.');
    const side = dot < 0 ? 'both' : key.substring(0, dot);
    if (sides[side]) {
      sides[side][dot < 0 ? key : key.substring(dot + 1)] = Number(value);
    }
  }
  const of = side => Object.assign({}, sides.both, sides[side]);
  const one = v => {
    const parts = [];
    if (v.main > 0) {
      parts.push(v.main % 60 === 0 ? t('time.main', {minutes: v.main / 60}) : t('time.mainSeconds', {seconds: v.main}));
    }
    if (v.byoyomi > 0) {
      parts.push(t('time.byoyomi', {seconds: v.byoyomi}) + (v.periods > 1 ? t('time.periods', {periods: v.periods}) : ''));
    }
    if (v.increment > 0) {
      parts.push(t('time.increment', {seconds: v.increment}));
    }
    if (v.consider > 0) {
      parts.push(t('time.consider', {units: v.consider}));
    }
    return parts.length ? parts.join(t('time.join')) : t('time.none');
  };
  const sente = one(of('sente'));
  const gote = one(of('gote'));
  return sente === gote ? sente : t('time.sides', {role: role('sente'), time: sente}) + t('time.join')
    + t('time.sides', {role: role('gote'), time: gote});
}

/** A result in the players' words: まで77手で先手の勝ち（投了）. */
function resultWords(r, plies) {
  const why = r.status === 'ILLEGAL_MOVE' && r.reason ? t('status.ILLEGAL_MOVE') + ' · ' + t('reason.' + r.reason)
    : t('status.' + r.status);
  if (!r.winner || r.winner === 'none') {
    return t('result.none', {plies, why});
  }
  const winner = r.winner.toLowerCase();
  if (r.status === 'ILLEGAL_MOVE') {
    return t('result.foul', {plies, loser: role(winner === 'sente' ? 'gote' : 'sente'), why});
  }
  return t('result.win', {plies, winner: role(winner), why});
}

/** A log line from the board in the page's words: its key and arguments, else its text. */
function lineWords(line) {
  const w = line.words;
  if (!w || !Object.prototype.hasOwnProperty.call(words, 'log.' + w.key)) {
    return line.kind === 'error' ? t('log.error', {text: line.text}) : line.text;
  }
  const args = Object.assign({}, w.args);
  if (args.side) {
    args.role = role(args.side);
  }
  if (args.reason) {
    args.reasonText = t('reason.' + args.reason);
  }
  if (args.square) {
    args.square = squareWords(args.square);
  }
  if (w.key === 'over') {
    args.result = resultWords({status: args.status, winner: args.winner, reason: args.reason}, args.plies);
  }
  return t('log.' + w.key, args);
}

const squares = {};
const slots = {};
const players = {};

// ------------------------------------------------------------------------------------------------ building

function pieceSpan(sfen) {
  const span = document.createElement('span');
  drawPiece(span, sfen);
  return span;
}

function drawPiece(span, sfen) {
  span.className = 'pc';
  if (!sfen) {
    span.textContent = '';
    return;
  }
  const upper = sfen.toUpperCase();
  const gote = sfen !== upper;
  span.textContent = upper === 'K' ? (gote ? KANJI.k : KANJI.K) : (KANJI[upper] || '?');
  span.classList.add(gote ? 'gote' : 'sente');
  if (sfen.startsWith('+')) {
    span.classList.add('promoted');
  }
}

function build() {
  const board = document.getElementById('board');
  for (const r of RANKS) {
    for (const f of FILES) {
      const sq = document.createElement('div');
      sq.className = 'sq';
      sq.dataset.square = f + r;
      sq.dataset.piece = '';
      sq.dataset.led = 'off';
      sq.appendChild(pieceSpan(''));
      squares[f + r] = sq;
    }
  }
  const template = document.getElementById('player-template');
  for (const side of ['sente', 'gote']) {
    const node = template.content.firstElementChild.cloneNode(true);
    node.dataset.player = side;
    node.querySelector('.clock').dataset.clock = side;
    node.querySelector('.clock-button').dataset.button = 'clock-' + side;
    node.querySelector('.resign-button').dataset.button = 'resign-' + side;
    const komadai = node.querySelector('.komadai');
    komadai.dataset.komadai = side;
    for (const letter of SLOT_ORDER) {
      const slot = document.createElement('div');
      slot.className = 'slot';
      slot.dataset.slot = side + ':' + letter;
      slot.dataset.count = '0';
      slot.dataset.led = 'off';
      slot.appendChild(pieceSpan(side === 'sente' ? letter : letter.toLowerCase()));
      const count = document.createElement('span');
      count.className = 'count';
      count.textContent = '0';
      slot.appendChild(count);
      slots[slot.dataset.slot] = slot;
      komadai.appendChild(slot);
    }
    players[side] = node;
  }
  renderNames({}, null);
  arrange();
}

/** Puts the squares, coordinates and players in the order seen from the side the board is turned to. */
function arrange() {
  document.body.classList.toggle('turned', turned);
  const board = document.getElementById('board');
  const order = [];
  for (const r of RANKS) {
    for (const f of FILES) {
      order.push(squares[f + r]);
    }
  }
  if (turned) {
    order.reverse();
  }
  board.replaceChildren(...order);
  const files = FILE_DIGITS.map(d => {
    const s = document.createElement('span');
    s.textContent = d;
    return s;
  });
  const ranks = RANK_KANJI.map(k => {
    const s = document.createElement('span');
    s.textContent = k;
    return s;
  });
  if (turned) {
    files.reverse();
    ranks.reverse();
  }
  document.getElementById('files').replaceChildren(...files);
  document.getElementById('ranks').replaceChildren(...ranks);
  document.getElementById('row-top').replaceChildren(players[turned ? 'sente' : 'gote']);
  document.getElementById('row-bottom').replaceChildren(players[turned ? 'gote' : 'sente']);
  for (const side of ['sente', 'gote']) {
    const komadai = players[side].querySelector('.komadai');
    const list = SLOT_ORDER.map(l => slots[side + ':' + l]);
    // each player's komadai reads from their own right hand: the far one is seen mirrored
    const far = (side === 'gote') !== turned;
    komadai.replaceChildren(...(far ? list.reverse() : list));
  }
}

// ------------------------------------------------------------------------------------------------ drawing

function render(state) {
  view = state;
  viewAt = performance.now();
  for (const [usi, sq] of Object.entries(state.squares)) {
    const el = squares[usi];
    if (el.dataset.piece !== sq.piece) {
      el.dataset.piece = sq.piece;
      drawPiece(el.firstChild, sq.piece);
    }
    el.dataset.led = sq.led;
  }
  for (const [name, slot] of Object.entries(state.komadai)) {
    const el = slots[name];
    el.dataset.count = String(slot.count);
    el.dataset.led = slot.led;
    el.querySelector('.count').textContent = String(slot.count);
  }
  for (const [name, led] of Object.entries(state.status)) {
    const el = document.querySelector('[data-status="' + name + '"]');
    if (el) {
      el.dataset.led = led;
    }
  }
  renderHand(state.held);
  renderState(state);
  tick();
}

function renderHand(held) {
  if (origins.length !== held.length) {
    origins = held.map((_, i) => origins[i] || null);
    origins.length = held.length;
  }
  if (selected !== null && selected >= held.length) {
    selected = null;
  }
  const hand = document.getElementById('hand');
  hand.dataset.held = held.join(' ');
  const items = held.map((sfen, i) => {
    const item = document.createElement('div');
    item.className = 'held-piece' + (selected === i ? ' selected' : '');
    item.dataset.heldIndex = String(i);
    item.dataset.heldPiece = sfen;
    item.appendChild(pieceSpan(sfen));
    const flip = document.createElement('button');
    flip.type = 'button';
    flip.textContent = t('hand.flip');
    flip.dataset.flip = String(i);
    item.appendChild(flip);
    return item;
  });
  hand.replaceChildren(...items);
}

function renderState(state) {
  // the board's snapshot, with the page's own prompt (from /api/view) as what it waits for
  const s = Object.assign({}, state.state, {waitingFor: state.prompt});
  const line = document.getElementById('state-line');
  const setup = state.setup;
  const start = setup.start === 'startpos' ? '' : t('header.start', {name: setup.start.startsWith('sfen')
    ? t('start.sfen') : t('start.' + setup.start)});
  document.getElementById('setup-line').textContent = t('header.setup', {sensors: t('sensors.' + setup.sensors),
    mode: t('mode.' + setup.mode), time: timeWords(setup.time), start});
  renderNames(setup, s.players);
  let text;
  if (s.phase === 'SETUP') {
    const wrong = s.waitingFor && s.waitingFor.squares ? s.waitingFor.squares.length + s.waitingFor.slots.length : 0;
    text = wrong ? t('state.setup', {count: wrong}) : t('state.setupStill');
  } else if (s.phase === 'OVER') {
    text = t('state.over', {result: resultWords(s.result, s.ply)});
  } else {
    const parts = [t('state.ply', {ply: s.ply})];
    if (lastKifu && lastKifu.ply === s.ply) {
      parts.push(t('state.last', {kifu: lastKifu.kifu}));
    }
    parts.push(t('state.toMove', {role: role(s.toMove)}) + (s.inCheck ? t('state.check') : ''));
    text = (s.phase === 'PAUSED' ? t('state.paused') : '') + parts.join(t('state.sep'));
    const w = s.waitingFor;
    const flip = flipAsked(state);
    if (w && w.kind === 'promotion') {
      text += t('state.sep') + t('state.promote', {square: squareWords(w.square)});
    } else if (w && w.kind === 'check') {
      text += t('state.sep') + t('state.checkPieces');
    } else if (w && w.kind === 'opponent-move') {
      text += t('state.sep') + t('state.opponentMove', {move: w.detail.replace(/^make /, '')
        .replace(/ on the board for .*/, ''), usi: w.usi});
    } else if (w && w.kind === 'opponent-thinking') {
      text += t('state.sep') + t('state.opponentThinking');
    } else if (w && w.kind === 'put-back') {
      text += t('state.sep') + (w.move ? t('state.putBackMove', {kifu: illegalKifu[w.move] || w.move})
        : t('state.putBack'));
    } else if (flip) {
      text += t('state.sep') + t('state.flip', {square: squareWords(flip)});
    } else if (s.phase === 'PLAYING' && s.ply === 0 && s.clock && s.clock.running === 'none'
        && timeWords(setup.time) !== t('time.none')) {
      text += t('state.sep') + t('state.waitClock', {role: role(s.toMove === 'sente' ? 'gote' : 'sente'),
        mover: role(s.toMove)});
    }
  }
  line.dataset.flip = flipAsked(state) || '';
  line.textContent = text;
  line.dataset.phase = s.phase;
  line.dataset.ply = String(s.ply);
  line.dataset.waiting = s.waitingFor ? s.waitingFor.kind : '';
  line.dataset.opponentMove = s.waitingFor && s.waitingFor.kind === 'opponent-move' ? s.waitingFor.usi : '';
}

/** A square as players write it: 7g is ７七. */
function squareWords(usi) {
  const f = FILES.indexOf(usi[0]);
  const r = RANKS.indexOf(usi[1]);
  return f < 0 || r < 0 ? usi : FILE_DIGITS[f] + RANK_KANJI[r];
}

/**
 * The square whose piece the player must turn over, or null: on an occupancy board (which cannot see a piece turned)
 * the last move promoted and the wooden piece on its square still shows its unpromoted side.
 */
function flipAsked(state) {
  const s = state.state;
  if (state.setup.sensors !== 'occupancy' || s.phase !== 'PLAYING' || !s.lastMove || !s.lastMove.endsWith('+')) {
    return null;
  }
  const to = s.lastMove.substring(2, 4);
  const sq = state.squares[to];
  return sq && sq.piece && !sq.piece.startsWith('+') ? to : null;
}

/**
 * Names each side by its role (先手/後手; in a handicap game 下手, the side given the handicap, and 上手) and by its
 * player when the game has one.
 */
function renderNames(setup, seats) {
  for (const side of ['sente', 'gote']) {
    const seat = seats && seats[side];
    const name = !seat ? null : seat.kind === 'engine'
      ? t('player.engine', {name: seat.name || 'USI engine', level: seat.level})
      : seat.rating != null ? seat.name + ' (' + seat.rating + ')' : seat.name;
    const node = players[side];
    node.querySelector('.clock-name').textContent = (side === 'sente' ? '☗ ' : '☖ ') + role(side)
      + (name ? ' · ' + name : '');
    node.querySelector('.clock-button').textContent = t('button.clock', {role: role(side)});
    node.querySelector('.resign-button').textContent = t('button.resign', {role: role(side)});
  }
}

function clockText(ms) {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const sec = total % 60;
  return (h ? h + ':' + String(m).padStart(2, '0') : String(m)) + ':' + String(sec).padStart(2, '0');
}

/** Shows both clocks, counting down the running one from the last state the board sent. */
function tick() {
  if (!view) {
    return;
  }
  const clock = view.state.clock;
  for (const side of ['sente', 'gote']) {
    const el = players[side].querySelector('.clock');
    const face = clock[side] || {mainMs: 0, byoyomiMs: 0, periods: 0, considerUnits: 0}; // null: no time control
    const running = clock.running === side && view.state.phase === 'PLAYING';
    el.dataset.running = String(running);
    let main = face.mainMs;
    let byo = face.byoyomiMs;
    let periods = face.periods;
    if (running) {
      let spent = performance.now() - viewAt;
      if (spent <= main) {
        main -= spent;
      } else {
        spent -= main;
        main = 0;
        if (byo > 0) {
          while (spent > byo && periods > 1) {
            spent -= byo;
            periods -= 1;
          }
          byo = Math.max(0, byo - spent);
        }
      }
    }
    el.dataset.mainMs = String(Math.round(main));
    el.querySelector('.clock-main').textContent = main > 0 || face.byoyomiMs === 0 ? clockText(main)
      : t('clock.byoyomi', {seconds: Math.ceil(byo / 1000)});
    el.querySelector('.clock-byoyomi').textContent = (face.byoyomiMs > 0 || periods > 0)
      ? t('clock.byoyomiLine', {seconds: Math.round((main > 0 ? face.byoyomiMs : byo) / 1000), periods})
        + (face.considerUnits ? t('clock.consider', {units: face.considerUnits}) : '') : '';
  }
}

/** A line for the log: the page's own (an error) or the board's ({kind, text, words}). */
function log(kind, text) {
  logLine({kind, text, words: null});
}

function logLine(line) {
  if (line.kind === 'sound') {
    // a sound is heard, not read: the clock's lines say what it means
    sound(line.words && line.words.key === 'soundLong');
    return;
  }
  if (line.words && line.words.key === 'move' && line.words.args) {
    lastKifu = {ply: Number(line.words.args.ply), kifu: line.words.args.kifu};
  }
  if (line.words && line.words.key === 'illegal' && line.words.args) {
    illegalKifu = {[line.words.args.usi]: line.words.args.kifu};
    if (view) {
      renderState(view);   // the prompt may already ask for it back, in USI until now
    }
  }
  LOG_LINES.push(line);
  while (LOG_LINES.length > 300) {
    LOG_LINES.shift();
  }
  const list = document.getElementById('log');
  list.appendChild(logItem(line));
  while (list.children.length > 300) {
    list.removeChild(list.firstChild);
  }
  list.scrollTop = list.scrollHeight;
}

function logItem(line) {
  const item = document.createElement('li');
  item.dataset.kind = line.kind;
  item.dataset.text = line.text;   // the board's own words, for scripts; the page shows the table's
  item.textContent = lineWords(line);
  return item;
}

function sound(long) {
  try {
    if (!audio) {
      return;
    }
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = long ? 880 : 1760;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + (long ? 0.7 : 0.08));
  } catch (e) {
    // a page without sound still plays
  }
}

// ------------------------------------------------------------------------------------------------ requests

/** Posts a request now; a refusal goes to the log. Resolves to whether it was done. */
async function post(path, body) {
  try {
    const r = await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body || {})});
    if (r.ok) {
      return true;
    }
    let message = r.status + ' ' + r.statusText;
    try {
      message = (await r.json()).error || message;
    } catch (e) {
      // keep the status line
    }
    log('error', message);
  } catch (e) {
    log('error', t('log.noAnswer', {text: String(e)}));
  }
  return false;
}

/** Runs a task after the ones queued before it: what a hand does happens in the order the player did it. */
function queue(task) {
  const next = chain.then(task).catch(e => {
    log('error', String(e));
    return false;
  });
  chain = next;
  return next;
}

function send(path, body) {
  return queue(() => post(path, body));
}

function pause(millis) {
  return new Promise(resolve => setTimeout(resolve, millis));
}

/** The board's state now (not the last streamed one, which may lag behind this page's own requests). */
async function fresh() {
  const r = await fetch('/api/view');
  const v = await r.json();
  render(v);
  return v;
}

async function liftNow(place) {
  const done = await post('/api/hand', {action: 'lift', place});
  if (done) {
    origins.unshift(place);
    selected = null;
  }
  return done;
}

async function putNow(place, held) {
  const body = {action: 'put', place};
  if (held !== null && held !== undefined) {
    body.held = held;
  }
  const done = await post('/api/hand', body);
  if (done) {
    origins.splice(held === null || held === undefined ? 0 : held, 1);
    selected = null;
  }
  return done;
}

function flipNow(index) {
  return post('/api/hand', {action: 'flip', held: index});
}

/** The held piece to put on a square: the chosen one, else the last lifted that did not come from there. */
function heldFor(square) {
  if (selected !== null) {
    return selected;
  }
  const i = origins.findIndex(o => o !== square);
  return i < 0 ? 0 : i;
}

function hasPiece(v, place) {
  return place.includes(':') ? v.komadai[place].count > 0 : v.squares[place].piece !== '';
}

// ------------------------------------------------------------------------------------------------ hands

let press = null;   // where the pointer went down: {place, x, y}
let dragging = false;

function placeOf(el) {
  const target = el && el.closest('[data-square],[data-slot]');
  return target ? (target.dataset.square || target.dataset.slot) : null;
}

function placeAt(x, y) {
  return placeOf(document.elementFromPoint(x, y));
}

function onPointerDown(e) {
  if (e.button !== 0) {
    return;
  }
  if (!audio && window.AudioContext) {
    try {
      audio = new AudioContext();
    } catch (err) {
      audio = null;
    }
  }
  const place = placeOf(e.target);
  if (place) {
    press = {place, x: e.clientX, y: e.clientY};
    e.preventDefault();
  }
}

function onPointerMove(e) {
  if (!press) {
    return;
  }
  const ghost = document.getElementById('ghost');
  if (!dragging && Math.hypot(e.clientX - press.x, e.clientY - press.y) > 5 && view && hasPiece(view, press.place)) {
    dragging = true;
    const source = press.place.includes(':') ? slots[press.place] : squares[press.place];
    ghost.replaceChildren(source.querySelector('.pc').cloneNode(true));
    ghost.hidden = false;
    const from = press.place;
    queue(() => liftNow(from));
  }
  if (dragging) {
    ghost.style.left = e.clientX + 'px';
    ghost.style.top = e.clientY + 'px';
  }
}

function onPointerUp(e) {
  if (!press) {
    return;
  }
  const from = press.place;
  const target = placeAt(e.clientX, e.clientY);
  const wasDrag = dragging;
  press = null;
  dragging = false;
  document.getElementById('ghost').hidden = true;
  if (wasDrag) {
    if (target) {
      drop(target, e.shiftKey);
    }
    return;
  }
  if (target === from) {
    clickPlace(target);
  }
}

/**
 * The dragged piece (the last lifted) comes down on a place, turned over first with Shift; on a square where a piece
 * lies, the hand takes that piece first (a capture) and keeps it.
 */
function drop(target, flipFirst) {
  queue(async () => {
    const v = await fresh();
    if (!v.held.length) {
      return;
    }
    let index = 0;
    if (!target.includes(':') && v.squares[target].piece !== '') {
      if (!await liftNow(target)) {
        return;
      }
      index = 1;
      // a hand takes the captured piece off before the capturing one comes down: the square's sensor sees it empty
      await pause(HAND_MILLIS);
    }
    if (flipFirst && !await flipNow(index)) {
      return;
    }
    await putNow(target, index);
  });
}

/** A click with nothing in the air lifts; with a piece in the air it puts it down, or takes the piece there. */
function clickPlace(place) {
  queue(async () => {
    const v = await fresh();
    if (!v.held.length) {
      if (hasPiece(v, place)) {
        await liftNow(place);
      }
    } else if (place.includes(':')) {
      await putNow(place, selected);
    } else if (hasPiece(v, place)) {
      await liftNow(place);
    } else {
      await putNow(place, heldFor(place));
    }
  });
}

/** Turns a piece over where it lies: lift it, turn it in the air, put it back. */
function flipInPlace(place) {
  if (place.includes(':')) {
    return;
  }
  queue(async () => {
    const v = await fresh();
    if (!hasPiece(v, place) || !await liftNow(place)) {
      return;
    }
    await flipNow(0);
    await pause(HAND_MILLIS);
    await putNow(place, 0);
  });
}

// ------------------------------------------------------------------------------------------------ buttons

function onClick(e) {
  const flip = e.target.closest('[data-flip]');
  if (flip) {
    send('/api/hand', {action: 'flip', held: Number(flip.dataset.flip)});
    return;
  }
  const held = e.target.closest('[data-held-index]');
  if (held) {
    const i = Number(held.dataset.heldIndex);
    selected = selected === i ? null : i;
    renderHand(view.held);
    return;
  }
  const button = e.target.closest('[data-button]');
  if (button) {
    const name = button.dataset.button;
    if (name.startsWith('resign-')) {
      send('/api/resign', {side: name.substring(7)});
    } else if (name === 'declare') {
      send('/api/declare', {});
    } else {
      send('/api/press', {button: name});
    }
    return;
  }
  const action = e.target.closest('[data-action]');
  if (action) {
    switch (action.dataset.action) {
      case 'turn':
        turned = !turned;
        history.replaceState(null, '', turned ? '#gote' : '#');
        arrange();
        break;
      case 'new-game':
        openNewGame();
        break;
      case 'lay-out':
        send('/api/lay-out', {});
        break;
      case 'hint':
        send('/api/hint', {});
        break;
      case 'records':
        openRecords();
        break;
      case 'language':
        switchLanguage();
        break;
      case 'arbiter-panel':
        document.getElementById('arbiter-answer').textContent = '';
        document.getElementById('arbiter-dialog').showModal();
        break;
    }
  }
}

async function openNewGame() {
  const form = document.getElementById('new-game-form');
  const select = form.elements.start;
  if (!select.options.length) {
    const options = await (await fetch('/api/options')).json();
    for (const start of options.starts) {
      const option = new Option(t('start.' + start), start);
      option.dataset.i18n = 'start.' + start;
      select.add(option);
    }
  }
  if (view) {
    form.elements.mode.value = view.setup.mode;
    showTime(form, view.setup.time);
    // a human player's name (an engine's seat is chosen below, not named)
    const seat = side => view.state.players && view.state.players[side];
    form.elements.sente.value = seat('sente') && seat('sente').kind === 'human' && seat('sente').name || '';
    form.elements.gote.value = seat('gote') && seat('gote').kind === 'human' && seat('gote').name || '';
    const engineSide = ['sente', 'gote'].find(side => view.state.players && view.state.players[side]
      && view.state.players[side].kind === 'engine');
    form.elements.engine.value = engineSide || '';
    form.elements.level.value = engineSide ? String(view.state.players[engineSide].level)
      : form.elements.level.value;
  }
  document.getElementById('new-game-dialog').showModal();
}

/** Fills the time fields (持ち時間 in minutes, the others as they are) from a time control text. */
function showTime(form, spec) {
  const v = {main: 0, byoyomi: 0, periods: 1, increment: 0, consider: 0};
  for (const pair of String(spec || '').split(',')) {
    const [key, value] = pair.split('=');
    // a side's own value (sente.main=...) shows sente's: the fields give both sides the same
    const bare = key.startsWith('sente.') ? key.substring(6) : key;
    if (Object.prototype.hasOwnProperty.call(v, bare) && value !== undefined && !key.startsWith('gote.')) {
      v[bare] = Number(value);
    }
  }
  form.elements.main.value = String(v.main / 60);
  for (const key of ['byoyomi', 'periods', 'increment', 'consider']) {
    form.elements[key].value = String(v[key]);
  }
  form.elements.time.value = composeTime(form);
}

/** The time control text the link, the console and the configuration read, from the form's fields. */
function composeTime(form) {
  const n = name => Math.max(0, Math.round(Number(form.elements[name].value) || 0));
  const main = Math.max(0, Math.round((Number(form.elements.main.value) || 0) * 60));
  return 'main=' + main + ',byoyomi=' + n('byoyomi') + ',periods=' + Math.max(1, n('periods')) + ',increment='
    + n('increment') + ',consider=' + n('consider');
}

async function switchLanguage() {
  const next = lang === 'ja' ? 'en' : 'ja';
  try {
    localStorage.setItem(LANG_KEY, next);
  } catch (e) {
    // a page that cannot keep it still switches
  }
  await loadLanguage(next);
  applyWords();
  if (view) {
    render(view);
  }
  const list = document.getElementById('log');
  list.replaceChildren(...LOG_LINES.map(logItem));
  list.scrollTop = list.scrollHeight;
}

async function openRecords() {
  const games = await (await fetch('/api/games')).json();
  const body = document.querySelector('#records-table tbody');
  const rows = games.map(g => {
    const tr = document.createElement('tr');
    const title = document.createElement('td');
    title.textContent = (g.current ? t('records.current') : '') + (g.plies < 0 ? g.started
      : t('records.game', {started: g.started, plies: g.plies,
        end: g.end && g.end !== 'NONE' ? t('records.end.' + g.end) : ''}));
    const links = document.createElement('td');
    for (const f of ['kif', 'csa', 'ki2', 'jkf', 'usi']) {
      const a = document.createElement('a');
      a.href = '/api/games/' + encodeURIComponent(g.id) + '?format=' + f;
      a.download = '';
      a.dataset.download = g.id + ':' + f;
      a.textContent = f.toUpperCase();
      links.appendChild(a);
    }
    tr.append(title, links);
    return tr;
  });
  if (!rows.length) {
    const tr = document.createElement('tr');
    tr.textContent = t('records.none');
    rows.push(tr);
  }
  body.replaceChildren(...rows);
  document.getElementById('records-dialog').showModal();
}

function wireDialogs() {
  document.getElementById('new-game-form').addEventListener('submit', e => {
    if (!e.submitter || e.submitter.value !== 'ok') {
      return;
    }
    const f = e.target.elements;
    f.time.value = composeTime(e.target);
    send('/api/new-game', {mode: f.mode.value, time: f.time.value, start: f.start.value,
      layOut: f.layOut.checked, sente: f.sente.value, gote: f.gote.value, engine: f.engine.value,
      level: f.level.value, online: f.online.value, color: f.color.value, rated: f.rated.checked ? 'yes' : 'no',
      user: f.user.value});
  });
  document.getElementById('arbiter-form').addEventListener('submit', async e => {
    if (!e.submitter || e.submitter.value !== 'ok') {
      return;
    }
    e.preventDefault();
    const f = e.target.elements;
    const body = {pin: f.pin.value, action: f.action.value, side: f.side.value, seconds: Number(f.seconds.value),
      status: f.status.value, winner: f.winner.value};
    const r = await fetch('/api/arbiter', {method: 'POST', headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body)});
    const answer = await r.json();
    document.getElementById('arbiter-answer').textContent = r.ok ? t('arbiter.done') : answer.error;
    if (!r.ok) {
      log('error', 'arbiter: ' + answer.error);
    }
  });
}

// ------------------------------------------------------------------------------------------------ live

function connect() {
  const link = document.getElementById('link');
  const events = new EventSource('/api/events');
  events.addEventListener('open', () => {
    link.dataset.link = 'live';
    link.textContent = t('link.live');
  });
  events.addEventListener('error', () => {
    link.dataset.link = 'lost';
    link.textContent = t('link.lost');
  });
  events.addEventListener('view', e => render(JSON.parse(e.data)));
  events.addEventListener('log', e => logLine(JSON.parse(e.data)));
}

async function main() {
  await loadLanguage(chooseLanguage());
  applyWords();
  build();
  wireDialogs();
  wireTable();
  setInterval(tick, 250);
  connect();
}

function wireTable() {
const table = document.querySelector('main');
table.addEventListener('pointerdown', onPointerDown);
document.addEventListener('pointermove', onPointerMove);
document.addEventListener('pointerup', onPointerUp);
document.addEventListener('click', onClick);
table.addEventListener('contextmenu', e => {
  const place = placeOf(e.target);
  if (place) {
    e.preventDefault();
    flipInPlace(place);
  }
});
}

main();
