// ShogiBan web simulator page. The page only moves wooden pieces and presses buttons; everything it shows about the
// game (moves, LEDs, clock, result) comes from the board over /api/events.
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
let viewAt = 0;             // when it arrived (performance.now())
let turned = location.hash === '#gote';
let origins = [];           // where each held piece was lifted from, index 0 the last lifted (this page's memory)
let selected = null;        // a held piece the player chose with a click
let chain = Promise.resolve();
let audio = null;

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
    node.querySelector('.clock-name').textContent = side === 'sente' ? '☗ sente 先手' : '☖ gote 後手';
    node.querySelector('.clock-button').dataset.button = 'clock-' + side;
    node.querySelector('.clock-button').textContent = side + "'s clock";
    node.querySelector('.resign-button').dataset.button = 'resign-' + side;
    node.querySelector('.resign-button').textContent = 'resign (' + side + ')';
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
    flip.textContent = 'flip';
    flip.dataset.flip = String(i);
    item.appendChild(flip);
    return item;
  });
  hand.replaceChildren(...items);
}

function renderState(state) {
  const s = state.state;
  const setup = state.setup;
  document.getElementById('setup-line').textContent = setup.sensors + ' sensors, ' + setup.mode + ', time '
    + setup.time + (setup.start === 'startpos' ? '' : ', start ' + setup.start);
  renderNames(setup, s.players, s.engine);
  let text;
  if (s.phase === 'SETUP') {
    const wrong = s.waitingFor && s.waitingFor.squares ? s.waitingFor.squares.length + s.waitingFor.slots.length : 0;
    text = 'Setting up: ' + (wrong ? wrong + ' squares/slots to put right (orange)' : 'keep the board still');
  } else if (s.phase === 'OVER') {
    const r = s.result;
    text = 'Game over after ' + s.ply + ' plies: ' + r.status.toLowerCase().replace(/_/g, ' ')
      + (r.winner ? ', ' + r.winner + ' wins' : ', no winner') + '. Press menu for the next game.';
  } else {
    text = (s.phase === 'PAUSED' ? 'Paused. ' : '') + 'Ply ' + s.ply + (s.lastMove ? ', last ' + s.lastMove : '')
      + ', ' + s.toMove + ' to move' + (s.inCheck ? ' (check)' : '');
    const w = s.waitingFor;
    if (w && w.kind === 'promotion') {
      text += '. Promote on ' + w.square + '? Press 成 or 不成.';
    } else if (w && w.kind === 'check') {
      text += '. Checking the pieces against the game: keep the board still.';
    } else if (w && w.kind === 'opponent-move') {
      text += '. The engine plays ' + w.detail.replace(/^make /, '').replace(/ on the board for .*/, '') + ' ('
        + w.usi + '): make it on the board (lit cyan).';
    } else if (w && w.kind === 'opponent-thinking') {
      text += '. The engine is thinking…';
    } else if (w && w.kind === 'put-back') {
      text += '. Put the pieces back' + (w.move ? ' (illegal ' + w.move + ')' : '') + '.';
    }
  }
  const line = document.getElementById('state-line');
  line.textContent = text;
  line.dataset.phase = s.phase;
  line.dataset.ply = String(s.ply);
  line.dataset.waiting = s.waitingFor ? s.waitingFor.kind : '';
  line.dataset.opponentMove = s.waitingFor && s.waitingFor.kind === 'opponent-move' ? s.waitingFor.usi : '';
}

/**
 * Names each side by its role (先手/後手; in a handicap game 下手, the side given the handicap, and 上手) and by its
 * player when the game has one.
 */
function renderNames(setup, names, engine) {
  const handicap = setup.start !== 'startpos' && !setup.start.startsWith('sfen');
  for (const side of ['sente', 'gote']) {
    const role = side === 'sente' ? (handicap ? '下手' : '先手') : (handicap ? '上手' : '後手');
    const name = engine && engine.side === side ? (engine.name || 'engine') + ' (level ' + engine.level + ')'
      : names && names[side];
    players[side].querySelector('.clock-name').textContent = (side === 'sente' ? '☗ ' : '☖ ') + side + ' ' + role
      + (name ? ' · ' + name : '');
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
    const face = clock[side];
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
      : '秒読み ' + Math.ceil(byo / 1000);
    el.querySelector('.clock-byoyomi').textContent = (face.byoyomiMs > 0 || periods > 0)
      ? 'byoyomi ' + Math.round((main > 0 ? face.byoyomiMs : byo) / 1000) + ' s × ' + periods
        + (face.considerUnits ? ', 考慮 ' + face.considerUnits : '') : '';
  }
}

function log(kind, text) {
  const list = document.getElementById('log');
  const item = document.createElement('li');
  item.dataset.kind = kind;
  item.textContent = text;
  list.appendChild(item);
  while (list.children.length > 300) {
    list.removeChild(list.firstChild);
  }
  list.scrollTop = list.scrollHeight;
  if (kind === 'sound') {
    sound(text);
  }
}

function sound(what) {
  try {
    if (!audio) {
      return;
    }
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = what === 'beep' ? 1760 : 880;
    gain.gain.value = 0.05;
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + (what === 'beep' ? 0.08 : 0.7));
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
    log('error', 'the board did not answer: ' + e);
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
      select.add(new Option(start, start));
    }
  }
  if (view) {
    form.elements.mode.value = view.setup.mode;
    form.elements.time.value = view.setup.time;
    form.elements.sente.value = view.state.players && view.state.players.sente || '';
    form.elements.gote.value = view.state.players && view.state.players.gote || '';
    form.elements.engine.value = view.state.engine ? view.state.engine.side : '';
    form.elements.level.value = view.state.engine ? String(view.state.engine.level) : form.elements.level.value;
  }
  document.getElementById('new-game-dialog').showModal();
}

async function openRecords() {
  const games = await (await fetch('/api/games')).json();
  const body = document.querySelector('#records-table tbody');
  const rows = games.map(g => {
    const tr = document.createElement('tr');
    const title = document.createElement('td');
    title.textContent = (g.current ? 'this game: ' : '') + g.title;
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
    tr.textContent = 'No game yet.';
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
    send('/api/new-game', {mode: f.mode.value, time: f.time.value, start: f.start.value,
      layOut: f.layOut.checked, sente: f.sente.value, gote: f.gote.value, engine: f.engine.value,
      level: f.level.value});
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
    document.getElementById('arbiter-answer').textContent = r.ok ? 'done' : answer.error;
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
    link.textContent = 'live';
  });
  events.addEventListener('error', () => {
    link.dataset.link = 'lost';
    link.textContent = 'reconnecting…';
  });
  events.addEventListener('view', e => render(JSON.parse(e.data)));
  events.addEventListener('log', e => {
    const line = JSON.parse(e.data);
    log(line.kind, line.text);
  });
}

build();
wireDialogs();
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
setInterval(tick, 250);
connect();
