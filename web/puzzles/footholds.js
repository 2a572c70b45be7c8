// Vanishing footholds: two players on footholds that vanish behind them.
// Model: {cells: [[0/1]], a: [r, c], b: [r, c]}. Judge text: "R C", R rows of
// 0/1, A's row and column, B's row and column. A moves first.
// Also the "play against the engine" card (POST /api/footholds/play), shown
// when the server says the puzzle can be played ("play": true).

import { el, LineReader, integer, numberField, grid, segmented, postJson, focusCell } from '../common.js';
import { addMessages, t } from '../i18n.js';

const MAX_EDITOR_SIDE = 11;
// Pause before the engine's reply shows, so a person sees whose turn it is.
const ENGINE_DELAY_MS = 250;

addMessages({
  en: {
    'footholds.option.table-mb': 'Search memory (MiB)',
    'footholds.option.table-mb.help': 'The size of the table in which the engine remembers the positions it has solved, 1 to 1024 MiB. Leave it empty: the page chooses by the board (at most 8 MiB).',
    'footholds.description': 'Reads R C, R rows of footholds (1) and holes (0), then A\'s row and column and B\'s (counted from 0). The Programmers form works as well: board, aloc and bloc as literals, e.g. "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]". A moves first; a player steps onto a neighbouring foothold and the one left behind vanishes. A player who cannot step, or whose foothold vanished, loses. The answer is the total number of moves when the winner wins as fast as it can and the loser holds out as long as it can.',
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
    'footholds.undo': '↶ Undo',
    'footholds.undoTitle': 'take back your last move and the engine\'s reply',
    'footholds.redo': 'Redo ↷',
    'footholds.redoTitle': 'play the move taken back again',
    'footholds.hintButton': 'Hint',
    'footholds.hintText': 'Hint: step to ({r}, {c}), the engine\'s best move; with perfect play that is {outcome}.',
    'footholds.keys': 'Keyboard: Tab to the board, arrow keys to a highlighted square, Enter to step.',
    'footholds.foothold': 'foothold',
    'footholds.canStep': 'you can step here',
    'footholds.outcome.win': ({ moves }) => `a win after ${moves} more move${moves === 1 ? '' : 's'}`,
    'footholds.outcome.loss': ({ moves }) => `a loss after ${moves} more move${moves === 1 ? '' : 's'}`,
    'footholds.outcome.wonNow': 'won now',
    'footholds.outcome.lostNow': 'lost now',
    'footholds.verdict.threw': ({ moves }) => `This move threw away a won game: a loss after ${moves} more move${moves === 1 ? '' : 's'}.`,
    'footholds.verdict.saved': 'This move turned a lost game into a win.',
    'footholds.verdict.best': 'Best move.',
    'footholds.verdict.slower': ({ moves, best }) => `Still a win, but after ${moves} more moves instead of ${best}.`,
    'footholds.verdict.sooner': ({ moves, best }) => `A loss sooner than need be: after ${moves} more move${moves === 1 ? '' : 's'} instead of ${best}.`,
    'footholds.beforeAfter': '(Before it: {before}; after it: {after}.)',
  },
  ko: {
    'footholds.option.table-mb': '탐색 메모리 (MiB)',
    'footholds.option.table-mb.help': '엔진이 이미 푼 국면을 기억해 두는 표의 크기, 1~1024 MiB. 보통은 비워 두세요: 판에 맞게 정합니다(최대 8 MiB).',
    'footholds.limit.R, C (board rows, columns)': '보드의 행과 열 R, C',
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
    'footholds.undo': '↶ 무르기',
    'footholds.undoTitle': '내 마지막 수와 엔진의 응수를 무릅니다',
    'footholds.redo': '다시 두기 ↷',
    'footholds.redoTitle': '무른 수를 다시 둡니다',
    'footholds.hintButton': '힌트',
    'footholds.hintText': '힌트: ({r}, {c})로 가세요. 엔진이 찾은 최선의 수이며, 둘 다 최선을 다하면 {outcome}입니다.',
    'footholds.keys': '키보드: Tab으로 판에 들어가 화살표 키로 표시된 칸에 간 뒤 Enter를 누르세요.',
    'footholds.foothold': '발판',
    'footholds.canStep': '갈 수 있는 칸',
    'footholds.outcome.win': '{moves}수 뒤 승리',
    'footholds.outcome.loss': '{moves}수 뒤 패배',
    'footholds.outcome.wonNow': '바로 승리',
    'footholds.outcome.lostNow': '바로 패배',
    'footholds.verdict.threw': '이 수로 이기던 판을 졌습니다: {moves}수 뒤 패배.',
    'footholds.verdict.saved': '이 수로 지던 판을 이기게 되었습니다.',
    'footholds.verdict.best': '최선의 수입니다.',
    'footholds.verdict.slower': '여전히 이기지만 {best}수가 아니라 {moves}수 뒤에 이깁니다.',
    'footholds.verdict.sooner': '더 빨리 지는 수입니다: {best}수가 아니라 {moves}수 뒤 패배.',
    'footholds.beforeAfter': '(이 수 전: {before} · 이 수 뒤: {after})',
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
  }, 'footholds editable', { keyboard: { key: 'footholds-editor' } });
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
// when a game starts; the engine answers through `playUrl`
// (/api/footholds/play), and the person's steps are checked here (adjacent
// cell with a foothold). Every position where the person is to move is
// kept: Undo and Redo walk through them. The engine's reply for the
// person's own turn is its best move there (the hint) and the outcome of
// perfect play; after the person's move, the outcome again, so the page can
// say what the move did ("this move threw away a won game").
function playCard(getModel, playUrl) {
  let human = 'A';
  let firstMover = 'A';
  // {cells, a, b, toMove, moves, over, lastFrom, history: [text],
  //  outcome: {winner, moves} of perfect play from here, best: [r, c] or null,
  //  verdict: {text, warn} about the person's last move, hint: shown}
  let game = null;
  let past = [];    // earlier positions with the person to move (for Undo)
  let future = [];  // positions undone (for Redo)
  let busy = false; // a request or the engine's move is under way
  let generation = 0;  // a reply for an undone position is dropped
  const boardHost = el('div', { 'data-role': 'play-board', hidden: '' });
  const status = el('div', { class: 'play-status', 'data-role': 'play-status', 'aria-live': 'polite' }, t('footholds.setUp'));
  const prediction = el('div', { class: 'play-prediction', 'data-role': 'play-prediction' });
  const verdict = el('div', { class: 'play-verdict', 'data-role': 'play-verdict', 'aria-live': 'polite', hidden: '' });
  const hintNote = el('div', { class: 'play-hint', 'data-role': 'play-hint-text', hidden: '' });
  const history = el('ol', { class: 'play-history', 'data-role': 'play-history' });
  const error = el('div', { class: 'error', hidden: '', role: 'alert', 'data-role': 'play-error' });
  const start = el('button', { class: 'primary', 'data-role': 'play-start' }, t('footholds.start'));
  const undoButton = el('button', { class: 'secondary', 'data-role': 'play-undo', disabled: '', title: t('footholds.undoTitle') }, t('footholds.undo'));
  const redoButton = el('button', { class: 'secondary', 'data-role': 'play-redo', disabled: '', title: t('footholds.redoTitle') }, t('footholds.redo'));
  const hintButton = el('button', { class: 'secondary', 'data-role': 'play-hint', disabled: '' }, t('footholds.hintButton'));
  const sideHost = el('span');
  const firstHost = el('span');

  const otherOf = (who) => (who === 'A' ? 'B' : 'A');
  const positionOf = (who) => (who === 'A' ? game.a : game.b);
  const copy = (state) => structuredClone(state);

  function renderChoices() {
    sideHost.replaceChildren(segmented([{ value: 'A', label: t('footholds.sideA') }, { value: 'B', label: t('footholds.sideB') }], human,
      (v) => { human = v; renderChoices(); }, 'play-side'));
    firstHost.replaceChildren(segmented([{ value: 'A', label: 'A' }, { value: 'B', label: 'B' }], firstMover,
      (v) => { firstMover = v; renderChoices(); }, 'play-first'));
  }

  function legalSteps() {
    if (!game || game.over || game.toMove !== human || busy) return [];
    const [r, c] = positionOf(human);
    return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]
      .filter(([i, j]) => game.cells[i]?.[j] === 1);
  }

  // "a win after 3 more moves" from the person's side.
  function outcomeText(outcome) {
    if (outcome.moves === 0) return outcome.winner === human ? t('footholds.outcome.wonNow') : t('footholds.outcome.lostNow');
    return outcome.winner === human ? t('footholds.outcome.win', { moves: outcome.moves }) : t('footholds.outcome.loss', { moves: outcome.moves });
  }

  // What the person's move did: the outcome of perfect play before it
  // (`before`, the person to move) and after it (`after`, the other to move).
  // A move keeps the outcome when the winner stays and the game is one move
  // shorter: anything else wins slower, loses sooner, or throws the win away.
  function judgeMove(before, after) {
    const words = { before: outcomeText(before), after: outcomeText(after), moves: after.moves, best: before.moves - 1 };
    let text;
    let warn = true;
    if (before.winner === human && after.winner !== human) text = t('footholds.verdict.threw', words);
    else if (before.winner !== human && after.winner === human) { text = t('footholds.verdict.saved', words); warn = false; }
    else if (after.moves === before.moves - 1) { text = t('footholds.verdict.best', words); warn = false; }
    else if (after.winner === human) text = t('footholds.verdict.slower', words);
    else text = t('footholds.verdict.sooner', words);
    return { text: `${text} ${t('footholds.beforeAfter', words)}`, warn };
  }

  function render() {
    undoButton.disabled = busy || past.length === 0;
    redoButton.disabled = busy || future.length === 0;
    hintButton.disabled = busy || !game || game.over || game.toMove !== human || !game.best;
    verdict.hidden = !game?.verdict;
    verdict.textContent = game?.verdict?.text ?? '';
    verdict.classList.toggle('warn', Boolean(game?.verdict?.warn));
    hintNote.hidden = !game?.hint || !game.best;
    if (game?.hint && game.best) hintNote.textContent = t('footholds.hintText', { r: game.best[0], c: game.best[1], outcome: outcomeText(game.outcome) });
    history.replaceChildren(...(game?.history ?? []).map((text) => el('li', {}, text)));
    history.scrollTop = history.scrollHeight;
    if (!game) { boardHost.replaceChildren(); return; }
    const legal = legalSteps();
    const hadFocus = boardHost.contains(document.activeElement);
    const mine = positionOf(human);
    const frame = grid(game.cells.length, game.cells[0].length, (r, c) => {
      const cell = boardCell(game.cells, game.a, game.b, r, c, game.over ? null : game.toMove);
      if (same(game.lastFrom, [r, c])) cell.classList.add('last-from');
      if (game.hint && same(game.best, [r, c]) && legal.length > 0) cell.classList.add('hint');
      if (legal.some((p) => same(p, [r, c]))) {
        cell.classList.add('legal');
        cell.addEventListener('click', () => step(human, [r, c]));
      }
      cell.setAttribute('aria-label', cellLabel(r, c, legal));
      return cell;
    }, 'footholds', { keyboard: { key: 'footholds-play', start: mine } });
    boardHost.replaceChildren(frame);
    // A person playing by keyboard keeps the focus on the board, on their piece.
    if (hadFocus) focusCell(frame, mine[0], mine[1]);
  }

  // What a screen reader says of a cell of the play board.
  function cellLabel(r, c, legal) {
    const parts = [t('common.cell', { r, c }), game.cells[r][c] ? t('footholds.foothold') : t('footholds.hole')];
    if (same(game.a, [r, c])) parts.push('A');
    if (same(game.b, [r, c])) parts.push('B');
    if (legal.some((p) => same(p, [r, c]))) parts.push(t('footholds.canStep'));
    return parts.join(', ');
  }

  // The status line; the card's data-state says the same for scripts and
  // tests: "your-move", "thinking" or "over".
  function showStatus() {
    if (!game) return;
    card.dataset.state = game.over ? 'over' : game.toMove === human && !busy ? 'your-move' : 'thinking';
    status.classList.toggle('over', game.over);
    if (game.over) {
      const winner = game.outcome.winner;
      const word = winner === human ? t('footholds.youWin') : t('footholds.engineWins');
      status.textContent = t('footholds.gameOver', { moves: game.moves, winner, verdict: word });
      prediction.textContent = game.overText ?? '';
    } else {
      status.textContent = game.toMove === human && !busy ? t('footholds.yourMove', { who: human }) : t('footholds.thinking');
      prediction.textContent = game.outcome ? t('footholds.prediction', { winner: game.outcome.winner, moves: game.outcome.moves }) : '';
    }
  }

  // Applies a step of `who` to `target`: the foothold left behind vanishes.
  function step(who, target) {
    if (who === human) {
      if (busy || game.toMove !== human || game.over) return;
      past.push(copy(game));
      future = [];
      game.before = game.outcome;
    }
    const from = positionOf(who);
    game.cells = game.cells.map((row, i) => row.map((v, j) => (i === from[0] && j === from[1] ? 0 : v)));
    if (who === 'A') game.a = target; else game.b = target;
    game.lastFrom = from;
    game.moves += 1;
    game.toMove = otherOf(who);
    game.hint = false;
    game.best = null;
    game.history.push(`${who}${who === human ? t('footholds.you') : ''}: (${from[0]}, ${from[1]}) → (${target[0]}, ${target[1]})`);
    advance();
  }

  // Asks the engine about the position: its move when it is to move, or the
  // best move and the outcome when the person is; after the person's move,
  // what that move did.
  async function advance() {
    const asked = ++generation;
    busy = true;
    render();
    showStatus();
    const mover = game.toMove;
    let reply;
    try {
      reply = await postJson(playUrl, { board: game.cells, a: game.a, b: game.b, to_move: mover });
    } catch (e) {
      if (asked !== generation) return;
      busy = false;
      error.textContent = t('footholds.unreachable', { message: e.message });
      error.hidden = false;
      render();
      return;
    }
    if (asked !== generation) return;
    if (reply.status !== 200) {
      busy = false;
      error.textContent = reply.body.error || t('footholds.error', { status: reply.status });
      error.hidden = false;
      status.textContent = t('footholds.stuck');
      render();
      return;
    }
    const result = reply.body;
    game.outcome = { winner: result.winner, moves: result.over ? 0 : Number(result.moves_left) };
    // The person has just moved (the other side is to move now): say what it did.
    if (mover !== human && game.before) {
      game.verdict = judgeMove(game.before, game.outcome);
      game.before = null;
    }
    if (result.over) {
      game.over = true;
      game.overText = result.text;
      busy = false;
      render();
      showStatus();
      return;
    }
    if (mover !== human) {
      setTimeout(() => {
        if (asked !== generation) return;
        step(mover, result.move.to);
      }, ENGINE_DELAY_MS);
      return;
    }
    game.best = result.move?.to ?? null;
    busy = false;
    render();
    showStatus();
  }

  // Back to the person's previous turn (their move and the engine's reply
  // undone), and forward again.
  function undo() {
    if (busy || past.length === 0) return;
    future.push(copy(game));
    game = past.pop();
    generation += 1;
    render();
    showStatus();
  }

  function redo() {
    if (busy || future.length === 0) return;
    past.push(copy(game));
    game = future.pop();
    generation += 1;
    render();
    showStatus();
  }

  start.addEventListener('click', () => {
    const model = getModel();
    error.hidden = true;
    past = [];
    future = [];
    game = { cells: model.cells.map((row) => row.slice()), a: model.a.slice(), b: model.b.slice(), toMove: firstMover, moves: 0,
      over: false, lastFrom: null, history: [], outcome: null, best: null, verdict: null, hint: false, before: null };
    start.textContent = t('footholds.restart');
    boardHost.hidden = false;
    advance();
  });
  undoButton.addEventListener('click', undo);
  redoButton.addEventListener('click', redo);
  hintButton.addEventListener('click', () => {
    if (!game?.best) return;
    game.hint = true;
    render();
  });

  renderChoices();
  const card = el('div', { class: 'card', 'data-role': 'play-card' },
    el('h2', {}, t('footholds.playTitle')),
    el('div', { class: 'controls' }, t('footholds.youPlay'), sideHost, t('footholds.firstToMove'), firstHost),
    el('div', { class: 'actions' }, start, undoButton, redoButton, hintButton),
    el('div', { class: 'play-layout' },
      boardHost,
      el('div', {}, status, prediction, verdict, hintNote, el('p', { class: 'hint' }, t('footholds.keys')), history)),
    error);
  return card;
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
  optionLayout: { advanced: ['table-mb'] },
};
