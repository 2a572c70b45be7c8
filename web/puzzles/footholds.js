// Vanishing footholds: two players on footholds that vanish behind them.
// Model: {cells: [[0/1]], a: [r, c], b: [r, c]}. Judge text: "R C", R rows of
// 0/1, A's row and column, B's row and column. A moves first.
// Also the "play against the engine" card (POST /api/footholds/play), shown
// when the server says the puzzle can be played ("play": true).

import { el, LineReader, integer, numberField, grid, segmented, postJson } from '../common.js';

const MAX_EDITOR_SIDE = 11;
// Pause before the engine's reply shows, so a person sees whose turn it is.
const ENGINE_DELAY_MS = 250;

function parse(text) {
  const reader = new LineReader(text);
  const header = reader.next('"R C"');
  if (header.fields.length !== 2) throw new Error(`line ${header.number}: expected "R C"`);
  const rows = integer(header.fields[0], header, 'R');
  const columns = integer(header.fields[1], header, 'C');
  if (rows < 1 || columns < 1 || rows > MAX_EDITOR_SIDE || columns > MAX_EDITOR_SIDE)
    throw new Error(`line ${header.number}: the editor shows boards of 1 to ${MAX_EDITOR_SIDE} rows and columns`);
  const cells = [];
  for (let r = 0; r < rows; ++r) {
    const line = reader.next(`row ${r + 1} of the board`);
    if (line.fields.length !== columns) throw new Error(`line ${line.number}: expected ${columns} values 0 or 1`);
    cells.push(line.fields.map((f, c) => {
      const v = integer(f, line, `value ${c + 1}`);
      if (v !== 0 && v !== 1) throw new Error(`line ${line.number}: value ${c + 1} must be 0 or 1`);
      return v;
    }));
  }
  const position = (who) => {
    const line = reader.next(`${who}'s row and column`);
    if (line.fields.length !== 2) throw new Error(`line ${line.number}: expected ${who}'s row and column`);
    const r = integer(line.fields[0], line, 'row');
    const c = integer(line.fields[1], line, 'column');
    if (r < 0 || r >= rows || c < 0 || c >= columns) throw new Error(`line ${line.number}: ${who} is off the board`);
    return [r, c];
  };
  const a = position('A');
  const b = position('B');
  if (!reader.done()) throw new Error(`line ${reader.next('').number}: unexpected text after B's position`);
  return { cells, a, b };
}

function format(model) {
  const rows = model.cells.length;
  const columns = model.cells[0].length;
  return `${rows} ${columns}\n${model.cells.map((row) => row.join(' ')).join('\n')}\n`
    + `${model.a[0]} ${model.a[1]}\n${model.b[0]} ${model.b[1]}\n`;
}

const same = (p, q) => p && q && p[0] === q[0] && p[1] === q[1];
const clampCell = ([r, c], rows, columns) => [Math.min(r, rows - 1), Math.min(c, columns - 1)];

// One cell of a footholds board with its tokens. `toMove` outlines the
// player whose turn it is.
function boardCell(cells, a, b, r, c, toMove) {
  const cell = el('div', { class: `cell ${cells[r][c] ? '' : 'hole'}` });
  const hasA = same(a, [r, c]);
  const hasB = same(b, [r, c]);
  const token = (who) => el('div', { class: `token ${who.toLowerCase()} ${hasA && hasB ? 'both' : ''} ${toMove === who ? 'to-move' : ''}` }, who);
  if (hasA) cell.append(token('A'));
  if (hasB) cell.append(token('B'));
  return cell;
}

let editorTool = 'foothold';

function renderEditor(host, model, update) {
  const rows = model.cells.length;
  const columns = model.cells[0].length;
  const resize = (n, m) => {
    const cells = Array.from({ length: n }, (_, r) => Array.from({ length: m }, (_, c) => model.cells[r]?.[c] ?? 1));
    update({ cells, a: clampCell(model.a, n, m), b: clampCell(model.b, n, m) });
  };
  const board = grid(rows, columns, (r, c) => {
    const cell = boardCell(model.cells, model.a, model.b, r, c, null);
    cell.addEventListener('click', () => {
      if (editorTool === 'a') update({ ...model, a: [r, c] });
      else if (editorTool === 'b') update({ ...model, b: [r, c] });
      else update({ ...model, cells: model.cells.map((row, i) => row.map((v, j) => (i === r && j === c ? 1 - v : v))) });
    });
    return cell;
  }, 'footholds editable');
  const tools = segmented([
    { value: 'foothold', label: 'Toggle foothold' },
    { value: 'a', label: 'Place A' },
    { value: 'b', label: 'Place B' },
  ], editorTool, (tool) => { editorTool = tool; update(model); }, 'tool');
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField('Rows', rows, 1, MAX_EDITOR_SIDE, (n) => resize(n, columns), 'rows'),
      numberField('Columns', columns, 1, MAX_EDITOR_SIDE, (m) => resize(rows, m), 'columns')),
    el('div', { class: 'controls' }, 'Click to', tools),
    el('p', { class: 'hint' }, 'Light squares are footholds, dark ones are holes. A (red) moves first.'),
    board);
}

function renderStep(host, step) {
  const { cells, a, b, to_move: toMove } = step.board;
  host.replaceChildren(el('div', {},
    grid(cells.length, cells[0].length, (r, c) => boardCell(cells, a, b, r, c, toMove), 'footholds'),
    el('div', { class: 'legend' },
      el('span', { style: '--swatch: var(--player-a)' }, 'A'),
      el('span', { style: '--swatch: var(--player-b)' }, 'B'),
      el('span', { style: '--swatch: var(--hole)' }, 'hole'),
      el('span', { style: '--swatch: #f4d35e' }, 'to move'))));
}

// The "play against the engine" card. The position comes from the editor
// when a game starts; the engine answers through `playUrl` (/api/footholds/play), and
// the person's steps are checked here (adjacent cell with a foothold).
function playCard(getModel, playUrl) {
  let human = 'A';
  let firstMover = 'A';
  let game = null;  // {cells, a, b, toMove, moves, over, lastFrom}
  const boardHost = el('div', { 'data-role': 'play-board', hidden: '' });
  const status = el('div', { class: 'play-status', 'data-role': 'play-status' }, 'Set up a board above, choose a side, and start.');
  const prediction = el('div', { class: 'play-prediction', 'data-role': 'play-prediction' });
  const history = el('ol', { class: 'play-history', 'data-role': 'play-history' });
  const error = el('div', { class: 'error', hidden: '', role: 'alert', 'data-role': 'play-error' });
  const start = el('button', { class: 'primary', 'data-role': 'play-start' }, 'Start game from this board');
  const sideHost = el('span');
  const firstHost = el('span');

  const otherOf = (who) => (who === 'A' ? 'B' : 'A');
  const positionOf = (who) => (who === 'A' ? game.a : game.b);

  function renderChoices() {
    sideHost.replaceChildren(segmented([{ value: 'A', label: 'A (red)' }, { value: 'B', label: 'B (blue)' }], human,
      (v) => { human = v; renderChoices(); }, 'play-side'));
    firstHost.replaceChildren(segmented([{ value: 'A', label: 'A' }, { value: 'B', label: 'B' }], firstMover,
      (v) => { firstMover = v; renderChoices(); }, 'play-first'));
  }

  function legalSteps() {
    if (!game || game.over || game.toMove !== human) return [];
    const [r, c] = positionOf(human);
    return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
      .filter(([i, j]) => game.cells[i]?.[j] === 1);
  }

  function render() {
    if (!game) { boardHost.replaceChildren(); return; }
    const legal = legalSteps();
    boardHost.replaceChildren(grid(game.cells.length, game.cells[0].length, (r, c) => {
      const cell = boardCell(game.cells, game.a, game.b, r, c, game.over ? null : game.toMove);
      if (same(game.lastFrom, [r, c])) cell.classList.add('last-from');
      if (legal.some((p) => same(p, [r, c]))) {
        cell.classList.add('legal');
        cell.addEventListener('click', () => step(human, [r, c]));
      }
      return cell;
    }, 'footholds'));
  }

  function finish(winner, text) {
    game.over = true;
    const verdict = winner === human ? 'You win!' : 'The engine wins.';
    status.textContent = `Game over after ${game.moves} move${game.moves === 1 ? '' : 's'}: ${winner} wins. ${verdict}`;
    status.classList.add('over');
    prediction.textContent = text;
    render();
  }

  // Applies a step of `who` to `target`: the foothold left behind vanishes.
  function step(who, target) {
    const from = positionOf(who);
    game.cells = game.cells.map((row, i) => row.map((v, j) => (i === from[0] && j === from[1] ? 0 : v)));
    if (who === 'A') game.a = target; else game.b = target;
    game.lastFrom = from;
    game.moves += 1;
    game.toMove = otherOf(who);
    history.append(el('li', {}, `${who}${who === human ? ' (you)' : ''}: (${from[0]}, ${from[1]}) → (${target[0]}, ${target[1]})`));
    history.scrollTop = history.scrollHeight;
    advance();
  }

  // Asks the engine about the position: its move when it is to move, or
  // whether the person can still move (and the predicted result) otherwise.
  async function advance() {
    render();
    const mover = game.toMove;
    status.textContent = mover === human ? `Your move (${human}): click a highlighted square.` : 'The engine is thinking…';
    let reply;
    try {
      reply = await postJson(playUrl, { board: game.cells, a: game.a, b: game.b, to_move: mover });
    } catch (e) {
      error.textContent = `Could not reach the server: ${e.message}`;
      error.hidden = false;
      return;
    }
    if (reply.status !== 200) {
      error.textContent = reply.body.error || `error ${reply.status}`;
      error.hidden = false;
      status.textContent = 'The game cannot go on from this position.';
      return;
    }
    const result = reply.body;
    if (result.over) { finish(result.winner, result.text); return; }
    prediction.textContent = `With perfect play from here, ${result.winner} wins after ${result.moves_left} more move${result.moves_left === 1 ? '' : 's'}.`;
    if (mover !== human) {
      setTimeout(() => step(mover, result.move.to), ENGINE_DELAY_MS);
    } else {
      render();
    }
  }

  start.addEventListener('click', () => {
    const model = getModel();
    error.hidden = true;
    status.classList.remove('over');
    history.replaceChildren();
    game = { cells: model.cells.map((row) => row.slice()), a: model.a.slice(), b: model.b.slice(), toMove: firstMover, moves: 0, over: false, lastFrom: null };
    start.textContent = 'Restart from the board above';
    boardHost.hidden = false;
    advance();
  });

  renderChoices();
  return el('div', { class: 'card', 'data-role': 'play-card' },
    el('h2', {}, 'Play against the engine'),
    el('div', { class: 'controls' }, 'You play', sideHost, 'First to move', firstHost),
    el('div', { class: 'actions' }, start),
    el('div', { class: 'play-layout' },
      boardHost,
      el('div', {}, status, prediction, history)),
    error);
}

export default {
  name: 'footholds',
  sample: '3 3\n1 1 1\n1 1 1\n1 1 1\n1 0\n1 2\n',
  parse,
  format,
  renderEditor,
  renderStep,
  // `context`: {name, play, playUrl} from the server's description.
  extraCards: (getModel, context) => (context.play ? [playCard(getModel, context.playUrl)] : []),
};
