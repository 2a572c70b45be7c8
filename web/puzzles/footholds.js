// Vanishing footholds: two players on footholds that vanish behind them.
// Model: {cells: [[0/1]], a: [r, c], b: [r, c]}. Judge text: "R C", R rows of
// 0/1, A's row and column, B's row and column. A moves first.
// Also the "play against the engine" card (POST /api/footholds/play), shown
// when the server says the puzzle can be played ("play": true).

import { el, LineReader, integer, numberField, grid, segmented, postJson } from '../common.js';
import { addMessages, t } from '../i18n.js';

const MAX_EDITOR_SIDE = 11;
// Pause before the engine's reply shows, so a person sees whose turn it is.
const ENGINE_DELAY_MS = 250;

addMessages({
  en: {
    'footholds.option.table-mb': 'Table size (MiB)',
    'footholds.what.header': '"R C"',
    'footholds.what.row': 'board row {r}',
    'footholds.what.value': 'value {c}',
    'footholds.what.position': '{who}\'s row and column',
    'footholds.header': 'line {line}: expected "R C"',
    'footholds.sizeRange': 'line {line}: the editor shows boards of 1 to {max} rows and columns',
    'footholds.rowLength': 'line {line}: expected {columns} values 0 or 1',
    'footholds.zeroOne': 'line {line}: value {c} must be 0 or 1',
    'footholds.position': 'line {line}: expected {who}\'s row and column',
    'footholds.offBoard': 'line {line}: {who} is off the board',
    'footholds.trailing': 'line {line}: unexpected text after B\'s position',
    'footholds.literal': 'expected the literal {name} (e.g. [[1, 1], [1, 1]] or [1, 0])',
    'footholds.literalTrailing': 'unexpected text after bloc',
    'footholds.literalBoard': 'board: rows of 0 and 1, all as long, 1 to {max} of each (the editor\'s limit)',
    'footholds.literalPosition': '{who}\'s literal: [row, column] on the board',
    'footholds.toggle': 'Toggle foothold',
    'footholds.placeA': 'Place A',
    'footholds.placeB': 'Place B',
    'footholds.rows': 'Rows',
    'footholds.columns': 'Columns',
    'footholds.clickTo': 'Click to',
    'footholds.hint': 'Light squares are footholds, dark ones are holes. A (red) moves first. Rows and columns count from 0.',
    'footholds.hole': 'hole',
    'footholds.toMove': 'to move',
    'footholds.sideA': 'A (red)',
    'footholds.sideB': 'B (blue)',
    'footholds.setUp': 'Set up a board above, choose a side, and start.',
    'footholds.start': 'Start game from this board',
    'footholds.restart': 'Restart from the board above',
    'footholds.youWin': 'You win!',
    'footholds.engineWins': 'The engine wins.',
    'footholds.gameOver': ({ moves, winner, verdict }) => `Game over after ${moves} move${moves === 1 ? '' : 's'}: ${winner} wins. ${verdict}`,
    'footholds.you': ' (you)',
    'footholds.yourMove': 'Your move ({who}): click a highlighted square.',
    'footholds.thinking': 'The engine is thinking…',
    'footholds.unreachable': 'Could not reach the server: {message}',
    'footholds.error': 'error {status}',
    'footholds.stuck': 'The game cannot go on from this position.',
    'footholds.prediction': ({ winner, moves }) => `With perfect play from here, ${winner} wins after ${moves} more move${moves === 1 ? '' : 's'}.`,
    'footholds.playTitle': 'Play against the engine',
    'footholds.youPlay': 'You play',
    'footholds.firstToMove': 'First to move',
  },
  ko: {
    'footholds.option.table-mb': '표 크기 (MiB)',
    'footholds.option.table-mb.help': '게임 탐색 표의 크기(MiB), 1에서 1024까지 (기본값: 판에 따라 정하며 최대 8 MiB, --max-memory에 맞게 줄임)',
    'footholds.description': 'R C, 0/1로 된 발판 R줄, A의 행과 열, B의 행과 열을 읽습니다(보드는 최대 128칸, 행과 열은 0부터). 프로그래머스의 형식도 읽습니다: board, aloc, bloc 리터럴, 예를 들어 \'[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]\'(\'board =\' 같은 이름은 있어도 없어도 됩니다). A가 먼저 움직입니다. 플레이어는 이웃한 발판으로 한 칸 움직이고, 떠난 발판은 사라집니다. 움직일 수 없거나 밟고 있던 발판이 사라진 플레이어가 집니다. 이기는 쪽은 최대한 빨리 이기고 지는 쪽은 최대한 늦게 질 때 두 플레이어가 움직이는 횟수의 합을 출력합니다.',
    'footholds.what.header': '"R C"',
    'footholds.what.row': '보드의 {r}행',
    'footholds.what.value': '{c}번째 값',
    'footholds.what.position': '{who}의 행과 열',
    'footholds.header': '{line}번째 줄: "R C"가 필요합니다',
    'footholds.sizeRange': '{line}번째 줄: 편집기는 1부터 {max}까지의 행과 열을 보여 줍니다',
    'footholds.rowLength': '{line}번째 줄: 0 또는 1인 값 {columns}개가 필요합니다',
    'footholds.zeroOne': '{line}번째 줄: {c}번째 값은 0 또는 1이어야 합니다',
    'footholds.position': '{line}번째 줄: {who}의 행과 열이 필요합니다',
    'footholds.offBoard': '{line}번째 줄: {who}가 보드 밖에 있습니다',
    'footholds.trailing': '{line}번째 줄: B의 위치 뒤에 예상하지 못한 내용이 있습니다',
    'footholds.literal': '리터럴 {name}이(가) 필요합니다 (예: [[1, 1], [1, 1]] 또는 [1, 0])',
    'footholds.literalTrailing': 'bloc 뒤에 예상하지 못한 내용이 있습니다',
    'footholds.literalBoard': 'board: 0과 1로 된 같은 길이의 행들, 행과 열은 각각 1부터 {max}까지 (편집기의 한도)',
    'footholds.literalPosition': '{who}의 리터럴: 보드 위의 [행, 열]',
    'footholds.toggle': '발판 켜기/끄기',
    'footholds.placeA': 'A 놓기',
    'footholds.placeB': 'B 놓기',
    'footholds.rows': '행',
    'footholds.columns': '열',
    'footholds.clickTo': '클릭하면',
    'footholds.hint': '밝은 칸은 발판, 어두운 칸은 구멍입니다. A(빨강)가 먼저 움직입니다. 행과 열은 0부터 셉니다.',
    'footholds.hole': '구멍',
    'footholds.toMove': '둘 차례',
    'footholds.sideA': 'A (빨강)',
    'footholds.sideB': 'B (파랑)',
    'footholds.setUp': '위에서 보드를 만들고, 편을 고른 뒤 시작하세요.',
    'footholds.start': '이 보드에서 게임 시작',
    'footholds.restart': '위의 보드에서 다시 시작',
    'footholds.youWin': '당신이 이겼습니다!',
    'footholds.engineWins': '엔진이 이겼습니다.',
    'footholds.gameOver': ({ moves, winner, verdict }) => `${moves}수 만에 게임 끝: ${winner} 승리. ${verdict}`,
    'footholds.you': ' (나)',
    'footholds.yourMove': '당신 차례입니다({who}): 표시된 칸을 클릭하세요.',
    'footholds.thinking': '엔진이 생각하는 중…',
    'footholds.unreachable': '서버에 연결할 수 없습니다: {message}',
    'footholds.error': '오류 {status}',
    'footholds.stuck': '이 위치에서는 게임을 계속할 수 없습니다.',
    'footholds.prediction': ({ winner, moves }) => `여기서 둘 다 최선을 다하면 ${moves}수 더 두고 ${winner}가 이깁니다.`,
    'footholds.playTitle': '엔진과 대국하기',
    'footholds.youPlay': '내 편',
    'footholds.firstToMove': '먼저 두는 쪽',
  },
});

// The Programmers test-case form: the literals board, aloc and bloc, each
// optionally named ("board = [[1, 1], ...]"), separated by tabs, spaces,
// commas or newlines. Returns the model, or null when `text` is not in this
// form (it does not start with "[" or a name); throws on a malformed one.
// The server reads the same form, so the text is sent as it is.
function parseProgrammers(text) {
  let rest = text.replace(/^\uFEFF/, '').trim();
  if (!/^(\[|board\b|aloc\b|bloc\b)/.test(rest)) return null;
  const literals = [];
  for (const name of ['board', 'aloc', 'bloc']) {
    rest = rest.replace(new RegExp(`^${name}\\s*=\\s*`), '');
    if (!rest.startsWith('[')) throw new Error(t('footholds.literal', { name }));
    // The literal runs to its matching "]".
    let depth = 0;
    let end = 0;
    for (; end < rest.length; ++end) {
      if (rest[end] === '[') ++depth;
      else if (rest[end] === ']' && --depth === 0) break;
    }
    let value;
    try {
      value = JSON.parse(rest.slice(0, end + 1));
    } catch {
      throw new Error(t('footholds.literal', { name }));
    }
    literals.push(value);
    rest = rest.slice(end + 1).replace(/^[\s,]+/, '');
  }
  if (rest !== '') throw new Error(t('footholds.literalTrailing'));
  const [cells, a, b] = literals;
  const rows = Array.isArray(cells) ? cells.length : 0;
  const columns = rows > 0 && Array.isArray(cells[0]) ? cells[0].length : 0;
  if (rows < 1 || columns < 1 || rows > MAX_EDITOR_SIDE || columns > MAX_EDITOR_SIDE
    || !cells.every((row) => Array.isArray(row) && row.length === columns && row.every((v) => v === 0 || v === 1)))
    throw new Error(t('footholds.literalBoard', { max: MAX_EDITOR_SIDE }));
  for (const [who, p] of [['A', a], ['B', b]])
    if (!Array.isArray(p) || p.length !== 2 || !Number.isInteger(p[0]) || !Number.isInteger(p[1])
      || p[0] < 0 || p[0] >= rows || p[1] < 0 || p[1] >= columns)
      throw new Error(t('footholds.literalPosition', { who }));
  return { cells, a: a.slice(), b: b.slice() };
}

function parse(text) {
  const programmers = parseProgrammers(text);
  if (programmers) return programmers;
  const reader = new LineReader(text);
  const header = reader.next(t('footholds.what.header'));
  if (header.fields.length !== 2) throw new Error(t('footholds.header', { line: header.number }));
  const rows = integer(header.fields[0], header, 'R');
  const columns = integer(header.fields[1], header, 'C');
  if (rows < 1 || columns < 1 || rows > MAX_EDITOR_SIDE || columns > MAX_EDITOR_SIDE)
    throw new Error(t('footholds.sizeRange', { line: header.number, max: MAX_EDITOR_SIDE }));
  const cells = [];
  for (let r = 0; r < rows; ++r) {
    const line = reader.next(t('footholds.what.row', { r }));
    if (line.fields.length !== columns) throw new Error(t('footholds.rowLength', { line: line.number, columns }));
    cells.push(line.fields.map((f, c) => {
      const v = integer(f, line, t('footholds.what.value', { c }));
      if (v !== 0 && v !== 1) throw new Error(t('footholds.zeroOne', { line: line.number, c }));
      return v;
    }));
  }
  const position = (who) => {
    const line = reader.next(t('footholds.what.position', { who }));
    if (line.fields.length !== 2) throw new Error(t('footholds.position', { line: line.number, who }));
    const r = integer(line.fields[0], line, 'row');
    const c = integer(line.fields[1], line, 'column');
    if (r < 0 || r >= rows || c < 0 || c >= columns) throw new Error(t('footholds.offBoard', { line: line.number, who }));
    return [r, c];
  };
  const a = position('A');
  const b = position('B');
  if (!reader.done()) throw new Error(t('footholds.trailing', { line: reader.next('').number }));
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
    { value: 'foothold', label: t('footholds.toggle') },
    { value: 'a', label: t('footholds.placeA') },
    { value: 'b', label: t('footholds.placeB') },
  ], editorTool, (tool) => { editorTool = tool; update(model); }, 'tool');
  host.replaceChildren(
    el('div', { class: 'controls' },
      numberField(t('footholds.rows'), rows, 1, MAX_EDITOR_SIDE, (n) => resize(n, columns), 'rows'),
      numberField(t('footholds.columns'), columns, 1, MAX_EDITOR_SIDE, (m) => resize(rows, m), 'columns')),
    el('div', { class: 'controls' }, t('footholds.clickTo'), tools),
    el('p', { class: 'hint' }, t('footholds.hint')),
    board);
}

function renderStep(host, step) {
  const { cells, a, b, to_move: toMove } = step.board;
  host.replaceChildren(el('div', {},
    grid(cells.length, cells[0].length, (r, c) => boardCell(cells, a, b, r, c, toMove), 'footholds'),
    el('div', { class: 'legend' },
      el('span', { style: '--swatch: var(--player-a)' }, 'A'),
      el('span', { style: '--swatch: var(--player-b)' }, 'B'),
      el('span', { style: '--swatch: var(--hole)' }, t('footholds.hole')),
      el('span', { style: '--swatch: #f4d35e' }, t('footholds.toMove')))));
}

// The "play against the engine" card. The position comes from the editor
// when a game starts; the engine answers through `playUrl` (/api/footholds/play), and
// the person's steps are checked here (adjacent cell with a foothold).
function playCard(getModel, playUrl) {
  let human = 'A';
  let firstMover = 'A';
  let game = null;  // {cells, a, b, toMove, moves, over, lastFrom}
  const boardHost = el('div', { 'data-role': 'play-board', hidden: '' });
  const status = el('div', { class: 'play-status', 'data-role': 'play-status' }, t('footholds.setUp'));
  const prediction = el('div', { class: 'play-prediction', 'data-role': 'play-prediction' });
  const history = el('ol', { class: 'play-history', 'data-role': 'play-history' });
  const error = el('div', { class: 'error', hidden: '', role: 'alert', 'data-role': 'play-error' });
  const start = el('button', { class: 'primary', 'data-role': 'play-start' }, t('footholds.start'));
  const sideHost = el('span');
  const firstHost = el('span');

  const otherOf = (who) => (who === 'A' ? 'B' : 'A');
  const positionOf = (who) => (who === 'A' ? game.a : game.b);

  function renderChoices() {
    sideHost.replaceChildren(segmented([{ value: 'A', label: t('footholds.sideA') }, { value: 'B', label: t('footholds.sideB') }], human,
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
    const verdict = winner === human ? t('footholds.youWin') : t('footholds.engineWins');
    status.textContent = t('footholds.gameOver', { moves: game.moves, winner, verdict });
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
    history.append(el('li', {}, `${who}${who === human ? t('footholds.you') : ''}: (${from[0]}, ${from[1]}) → (${target[0]}, ${target[1]})`));
    history.scrollTop = history.scrollHeight;
    advance();
  }

  // Asks the engine about the position: its move when it is to move, or
  // whether the person can still move (and the predicted result) otherwise.
  async function advance() {
    render();
    const mover = game.toMove;
    status.textContent = mover === human ? t('footholds.yourMove', { who: human }) : t('footholds.thinking');
    let reply;
    try {
      reply = await postJson(playUrl, { board: game.cells, a: game.a, b: game.b, to_move: mover });
    } catch (e) {
      error.textContent = t('footholds.unreachable', { message: e.message });
      error.hidden = false;
      return;
    }
    if (reply.status !== 200) {
      error.textContent = reply.body.error || t('footholds.error', { status: reply.status });
      error.hidden = false;
      status.textContent = t('footholds.stuck');
      return;
    }
    const result = reply.body;
    if (result.over) { finish(result.winner, result.text); return; }
    prediction.textContent = t('footholds.prediction', { winner: result.winner, moves: Number(result.moves_left) });
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
    start.textContent = t('footholds.restart');
    boardHost.hidden = false;
    advance();
  });

  renderChoices();
  return el('div', { class: 'card', 'data-role': 'play-card' },
    el('h2', {}, t('footholds.playTitle')),
    el('div', { class: 'controls' }, t('footholds.youPlay'), sideHost, t('footholds.firstToMove'), firstHost),
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
