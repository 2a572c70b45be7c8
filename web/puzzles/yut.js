// Dice yut: move pieces along the board by a known dice schedule for the
// highest score. Model: {dice: [1..5, ...]}. Judge text: the dice values.
// The board drawing comes from the solve's document (squares with x/y).

import { el, svg, LineReader, integer, numberField, segmented, postJson } from '../common.js';
import { addMessages, t } from '../i18n.js';

const FACES = [1, 2, 3, 4, 5];
const MAX_EDITOR_DICE = 60;
const DEFAULT_RANDOM_DICE = 10;
const PIECE_COLOURS = ['#c0392b', '#2e5fa8', '#2f8a4c', '#8e44ad', '#d35400', '#16a085', '#7f5539', '#34495e'];

addMessages({
  en: {
    'yut.what.dice': 'dice',
    'yut.what.die': 'die {i}',
    'yut.noDice': 'no dice',
    'yut.tooMany': 'the editor shows at most {max} dice',
    'yut.dieTitle': 'turn {turn}: click to change',
    'yut.hint': 'One die per turn, in order. Click a die to change it (1 → 2 → … → 5 → 1).',
    'yut.add': '+ Add a die',
    'yut.remove': '− Remove the last',
    'yut.random': 'Random schedule',
    'yut.summary': 'pieces: {pieces} · score {score}',
    'yut.start': 'start',
    'yut.finish': 'finish',
    'yut.die': 'die: {die}',
    'yut.score': 'score: {score}',
    'yut.boardLabel': 'yut board',
    'yut.description': 'Reads the die of every turn, in order (any number of them, on one line or several), and gives the highest score your pieces can make on the board. With the dice not known, the expected score of the best play over T turns instead. The number of pieces and the board itself can be changed under Advanced settings.',
    'yut.mode.label': 'The dice:',
    'yut.mode.known': 'Dice known',
    'yut.mode.random': 'Dice not known',
    'yut.option.pieces': 'Pieces P',
    'yut.option.pieces.help': 'How many pieces you move: 4 in the problem, up to 8.',
    'yut.option.board': 'Board (JSON)',
    'yut.option.board.help': 'A board of your own as JSON (docs/boards/ has the standard and the traditional yut board). Empty: the problem\'s board.',
    'yut.option.expected': 'The dice',
    'yut.option.turns': 'Turns T',
    'yut.option.turns.help': 'How many turns are thrown: 10 in the problem.',
    'yut.option.weights': 'Die faces',
    'yut.option.weights.help': 'How likely each face 1 to 5 is, as weights "w1,w2,w3,w4,w5" (empty: all equally likely), or "sticks" for four yut sticks (4,6,4,1,1).',
    'yut.option.position': 'Pieces on squares',
    'yut.option.position.help': 'For advice in a game: the square of each piece, e.g. "start 5 10 finish". With the turn and the die below, the answer is the value of every move.',
    'yut.option.turn': 'Turn t',
    'yut.option.turn.help': 'For advice: which turn it is, from 1.',
    'yut.option.die': 'Die thrown d',
    'yut.option.die.help': 'For advice: the die thrown this turn.',
    'yut.option.luck': 'Compare with luck',
    'yut.option.luck.help': 'How lucky these dice were: their best score against the expected score of a player who cannot see the dice ahead, and its percentile.',
  },
  ko: {
    'yut.description': '차례마다 던진 주사위 값을 순서대로 읽고(개수 제한 없음, 여러 줄도 됨), 말들로 얻을 수 있는 최대 점수를 구합니다. 주사위를 모를 때는 T차례 동안 최선을 다했을 때의 점수 기댓값을 구합니다. 말의 개수와 판은 고급 설정에서 바꿀 수 있습니다.',
    'yut.what.dice': '주사위 값',
    'yut.what.die': '{i}번째 주사위',
    'yut.noDice': '주사위 값이 없습니다',
    'yut.tooMany': '편집기는 주사위를 최대 {max}개까지 보여 줍니다',
    'yut.dieTitle': '{turn}번째 차례: 클릭해서 바꾸기',
    'yut.hint': '차례마다 주사위 하나, 순서대로입니다. 주사위를 클릭하면 값이 바뀝니다(1 → 2 → … → 5 → 1).',
    'yut.add': '+ 주사위 추가',
    'yut.remove': '− 마지막 주사위 삭제',
    'yut.random': '무작위 주사위',
    'yut.summary': '말: {pieces} · 점수 {score}',
    'yut.start': '시작',
    'yut.finish': '도착',
    'yut.die': '주사위: {die}',
    'yut.score': '점수: {score}',
    'yut.boardLabel': '윷놀이 판',
    'yut.mode.label': '주사위:',
    'yut.mode.known': '주사위를 알 때',
    'yut.mode.random': '주사위를 모를 때',
    'yut.option.pieces': '말의 개수 P',
    'yut.option.pieces.help': '움직이는 말의 개수: 문제에서는 4개, 최대 8개.',
    'yut.option.board': '판 (JSON)',
    'yut.option.board.help': '직접 만든 판을 JSON으로 넣습니다(docs/boards/에 표준 판과 전통 윷판이 있습니다). 비워 두면 문제의 판입니다.',
    'yut.option.expected': '주사위',
    'yut.option.turns': '차례 수 T',
    'yut.option.turns.help': '주사위를 몇 번 던지는지: 문제에서는 10번.',
    'yut.option.weights': '주사위 면의 확률',
    'yut.option.weights.help': '1부터 5까지 각 면이 나올 가능성을 "w1,w2,w3,w4,w5" 같은 가중치로 적습니다(비우면 모두 같음). 윷가락 네 개라면 "sticks"(4,6,4,1,1).',
    'yut.option.position': '말이 있는 칸',
    'yut.option.position.help': '게임 중 조언을 받을 때: 말마다 있는 칸, 예를 들어 "start 5 10 finish". 아래의 차례와 주사위와 함께 넣으면 모든 수의 값을 알려 줍니다.',
    'yut.option.turn': '지금 차례 t',
    'yut.option.turn.help': '조언을 받을 때: 몇 번째 차례인지(1부터).',
    'yut.option.die': '나온 주사위 d',
    'yut.option.die.help': '조언을 받을 때: 이번 차례에 나온 주사위.',
    'yut.option.luck': '운과 비교하기',
    'yut.option.luck.help': '이 주사위가 얼마나 운이 좋았는지: 최고 점수를 앞을 모르고 둘 때의 점수 기댓값과 비교하고, 그 백분위를 보여 줍니다.',
    'yut.limit.dice': '주사위 수',
    'yut.limit.dice value': '주사위 값',
    'yut.limit.pieces': '말의 개수',
  },
});

function parse(text) {
  const reader = new LineReader(text);
  const dice = [];
  while (!reader.done()) {
    const line = reader.next(t('yut.what.dice'));
    line.fields.forEach((f, i) => dice.push(integer(f, line, t('yut.what.die', { i: i + 1 }))));
  }
  if (dice.length === 0) throw new Error(t('yut.noDice'));
  if (dice.length > MAX_EDITOR_DICE) throw new Error(t('yut.tooMany', { max: MAX_EDITOR_DICE }));
  return { dice };
}

function format(model) {
  return `${model.dice.join(' ')}\n`;
}

function renderEditor(host, model, update) {
  const dice = el('div', { class: 'dice', 'data-role': 'dice' });
  model.dice.forEach((value, index) => {
    const die = el('button', { type: 'button', class: 'die', title: t('yut.dieTitle', { turn: index + 1 }) }, String(value));
    die.addEventListener('click', () => {
      const next = model.dice.slice();
      next[index] = FACES.includes(value) ? FACES[(FACES.indexOf(value) + 1) % FACES.length] : FACES[0];
      update({ dice: next });
    });
    dice.append(die);
  });
  const button = (label, role, action, disabled) => {
    const b = el('button', { type: 'button', class: 'secondary', 'data-role': role, disabled: disabled || null }, label);
    b.addEventListener('click', action);
    return b;
  };
  host.replaceChildren(
    el('p', { class: 'hint' }, t('yut.hint')),
    dice,
    el('div', { class: 'controls' },
      button(t('yut.add'), 'add-die', () => update({ dice: [...model.dice, 1] }), model.dice.length >= MAX_EDITOR_DICE),
      button(t('yut.remove'), 'remove-die', () => update({ dice: model.dice.slice(0, -1) }), model.dice.length <= 1),
      button(t('yut.random'), 'random-dice', () => update({
        dice: Array.from({ length: DEFAULT_RANDOM_DICE }, () => FACES[Math.floor(Math.random() * FACES.length)]),
      }))));
}

// Square positions in 0..100; squares without x/y go on a circle.
function layout(board) {
  const positions = new Map();
  const squares = board.squares;
  squares.forEach((square, index) => {
    if (typeof square.x === 'number' && typeof square.y === 'number') positions.set(square.id, [square.x, square.y]);
    else {
      const angle = (2 * Math.PI * index) / squares.length;
      positions.set(square.id, [50 + 42 * Math.cos(angle), 50 + 42 * Math.sin(angle)]);
    }
  });
  return positions;
}

function renderStep(host, step, response, index) {
  const board = response.document?.board;
  const { pieces, score, die } = step.board;
  if (!board) {
    host.replaceChildren(el('div', {}, t('yut.summary', { pieces: pieces.join(', '), score })));
    return;
  }
  const positions = layout(board);
  const previous = index > 0 ? response.line[index - 1].board.pieces : pieces;
  const drawing = svg('svg', { class: 'yut-board', viewBox: '0 2 100 108', role: 'img', 'aria-label': t('yut.boardLabel') });
  // Edges first (red path solid, blue path dashed), then squares, then pieces.
  for (const square of board.squares) {
    const [x1, y1] = positions.get(square.id);
    for (const [kind, target] of [['red', square.red], ['blue', square.blue]]) {
      if (!target || !positions.has(target)) continue;
      const [x2, y2] = positions.get(target);
      drawing.append(svg('line', { class: `edge ${kind === 'blue' ? 'blue' : ''}`, x1, y1, x2, y2 }));
    }
  }
  for (const square of board.squares) {
    const [x, y] = positions.get(square.id);
    const end = square.id === board.start || square.id === board.finish;
    drawing.append(svg('circle', { class: `square ${square.blue ? 'blue' : ''} ${end ? 'end' : ''}`, cx: x, cy: y, r: end ? 4.6 : 3.6 }));
    drawing.append(svg('text', { class: 'points', x, y }, end ? (square.id === board.start ? t('yut.start') : t('yut.finish')) : square.points));
  }
  // Pieces sharing a square (only start and finish allow it) line up in a
  // row just below that square.
  const count = new Map();
  pieces.forEach((id, piece) => {
    const [x, y] = positions.get(id) ?? [50, 102];
    const k = count.get(id) ?? 0;
    count.set(id, k + 1);
    const sharing = pieces.filter((other) => other === id).length;
    const dx = sharing > 1 ? (k - (sharing - 1) / 2) * 4.8 : 0;
    const dy = sharing > 1 ? 7.5 : 0;
    const moved = previous[piece] !== id;
    drawing.append(svg('circle', { class: `piece ${moved ? 'moved' : ''}`, cx: x + dx, cy: y + dy, r: 2.2,
      fill: PIECE_COLOURS[piece % PIECE_COLOURS.length] }));
    drawing.append(svg('text', { class: 'piece-label', x: x + dx, y: y + dy }, piece + 1));
  });
  host.replaceChildren(el('div', { style: 'width: 100%; text-align: center' },
    drawing,
    el('div', { class: 'yut-hud' },
      el('span', {}, t('yut.die', { die: die ?? '—' })),
      el('span', { 'data-role': 'score' }, t('yut.score', { score })))));
}

// ---------------------------------------------------------------------------
// Random dice (issue 18): the page throws the die, the player picks a move,
// and the server's advice (--expected --position --turn --die) gives the
// expected final score of every choice. Standard board; the expected points
// lost are the sum, over the turns, of the best choice's value minus the
// chosen one's, exactly (fractions in BigInt), shown to 6 decimals.

const RANDOM_FACES = [1, 2, 3, 4, 5];
const RANDOM_WEIGHTS = { uniform: [1, 1, 1, 1, 1], sticks: [4, 6, 4, 1, 1] };
const MAX_RANDOM_TURNS = 100;

addMessages({
  en: {
    'yut.randomDice': 'Random dice',
    'yut.randomHint': 'The page throws; you pick the piece. Each choice shows its expected final score under optimal play from there on.',
    'yut.randomPieces': 'pieces',
    'yut.randomTurns': 'turns',
    'yut.randomUniform': 'die 1..5',
    'yut.randomSticks': 'four sticks',
    'yut.randomNew': 'New game',
    'yut.randomThrow': 'Throw',
    'yut.randomStatus': 'turn {turn} of {turns} · score {score} · expected points lost {lost}',
    'yut.randomThrown': 'You threw {die}. Pick a move:',
    'yut.randomChoice': '{from} → {to}: expected {value}',
    'yut.randomFeedback': 'You played {from} → {to} ({value}); the optimal choice was {bestFrom} → {bestTo} ({best}): {lost} points lost.',
    'yut.randomOptimal': 'You played {from} → {to} ({value}), the optimal choice.',
    'yut.randomOver': 'Game over: score {score}, expected points lost {lost}.',
    'yut.randomStuck': 'You threw {die}: no piece can move, the game ends.',
  },
  ko: {
    'yut.randomDice': '무작위 주사위',
    'yut.randomHint': '페이지가 주사위를 던지고, 어느 말을 움직일지는 직접 고릅니다. 선택마다 그 뒤로 최선을 다했을 때의 최종 점수 기댓값이 보입니다.',
    'yut.randomPieces': '말',
    'yut.randomTurns': '차례',
    'yut.randomUniform': '주사위 1..5',
    'yut.randomSticks': '윷가락 네 개',
    'yut.randomNew': '새 게임',
    'yut.randomThrow': '던지기',
    'yut.randomStatus': '{turns}차례 중 {turn}번째 · 점수 {score} · 잃은 점수 기댓값 {lost}',
    'yut.randomThrown': '{die}이(가) 나왔습니다. 움직일 말을 고르세요:',
    'yut.randomChoice': '{from} → {to}: 기댓값 {value}',
    'yut.randomFeedback': '{from} → {to} ({value})을(를) 골랐습니다. 최선은 {bestFrom} → {bestTo} ({best}): {lost}점을 잃었습니다.',
    'yut.randomOptimal': '{from} → {to} ({value}): 최선의 선택입니다.',
    'yut.randomOver': '게임 끝: 점수 {score}, 잃은 점수 기댓값 {lost}.',
    'yut.randomStuck': '{die}이(가) 나왔지만 움직일 수 있는 말이 없어 게임이 끝납니다.',
  },
});

function gcd(a, b) {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}

// {n, d} with d > 0, reduced.
function fraction(n, d) {
  const g = gcd(n, d);
  return d < 0n ? { n: -n / g, d: -d / g } : { n: n / g, d: d / g };
}

function fractionOf(value) {
  return fraction(BigInt(value.numerator), BigInt(value.denominator));
}

function plus(a, b) {
  return fraction(a.n * b.d + b.n * a.d, a.d * b.d);
}

function minus(a, b) {
  return fraction(a.n * b.d - b.n * a.d, a.d * b.d);
}

// Rounded half up to 6 decimals, as the CLI prints values.
function decimal(value) {
  const scaled = 2n * value.n * 1000000n + value.d;
  const twice = 2n * value.d;
  let units = scaled / twice;
  if (scaled % twice !== 0n && scaled < 0n) units -= 1n;  // floor
  const sign = units < 0n ? '-' : '';
  const digits = (units < 0n ? -units : units).toString().padStart(7, '0');
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

function throwDie(weights) {
  const total = weights.reduce((a, b) => a + b, 0);
  let pick = Math.floor(Math.random() * total);
  for (let i = 0; i < weights.length; i += 1) {
    if (pick < weights[i]) return RANDOM_FACES[i];
    pick -= weights[i];
  }
  return RANDOM_FACES[RANDOM_FACES.length - 1];
}

function randomDiceCard() {
  const settings = { pieces: 4, turns: 10, weights: 'uniform' };
  let game = null;
  const host = el('div', { 'data-role': 'random-dice' });
  const card = el('div', { class: 'card', 'data-role': 'random-dice-card' }, el('h2', {}, t('yut.randomDice')),
    el('p', { class: 'hint' }, t('yut.randomHint')), host);

  function newGame() {
    game = { squares: Array(settings.pieces).fill('start'), turn: 1, score: 0, lost: fraction(0n, 1n),
      die: null, advice: null, board: null, feedback: null, over: null, error: null, busy: false, ...settings };
    render();
  }

  async function throwAndAsk() {
    if (!game || game.busy || game.over) return;
    game.busy = true;
    game.error = null;
    const die = throwDie(RANDOM_WEIGHTS[game.weights]);
    const options = { expected: true, pieces: game.pieces, turns: game.turns, position: game.squares.join(' '),
      turn: game.turn, die };
    if (game.weights === 'sticks') options.weights = 'sticks';
    try {
      const { status, body } = await postJson('/api/solve', { puzzle: 'yut', input: '', options });
      if (status !== 200) throw new Error(body.error ?? `HTTP ${status}`);
      game.die = die;
      game.advice = body.document;
      game.board = body.document.board;
      if (body.document.choices.length === 0) game.over = t('yut.randomStuck', { die });
    } catch (error) {
      game.error = error.message;
    }
    game.busy = false;
    render();
  }

  function pick(choice) {
    const best = game.advice.choices.find((c) => c.from === game.advice.best.from && c.to === game.advice.best.to);
    const lost = minus(fractionOf(best.value), fractionOf(choice.value));
    game.lost = plus(game.lost, lost);
    const index = game.squares.indexOf(choice.from);
    game.squares[index] = choice.to;
    game.score += Number(choice.points);
    const words = { from: choice.from, to: choice.to, value: choice.value.rounded, bestFrom: best.from, bestTo: best.to,
      best: best.value.rounded, lost: decimal(lost) };
    game.feedback = lost.n === 0n ? t('yut.randomOptimal', words) : t('yut.randomFeedback', words);
    game.advice = null;
    game.turn += 1;
    if (game.turn > game.turns) game.over = t('yut.randomOver', { score: game.score, lost: decimal(game.lost) });
    render();
  }

  function render() {
    const controls = el('div', { class: 'controls' },
      numberField(t('yut.randomPieces'), settings.pieces, 1, 8, (value) => { settings.pieces = value; }, 'random-pieces'),
      numberField(t('yut.randomTurns'), settings.turns, 1, MAX_RANDOM_TURNS, (value) => { settings.turns = value; }, 'random-turns'),
      segmented([{ value: 'uniform', label: t('yut.randomUniform') }, { value: 'sticks', label: t('yut.randomSticks') }], settings.weights,
        (value) => { settings.weights = value; render(); }, 'random-weights'));
    const start = el('button', { type: 'button', class: 'secondary', 'data-role': 'random-new' }, t('yut.randomNew'));
    start.addEventListener('click', newGame);
    const parts = [controls, el('div', { class: 'actions' }, start)];
    if (game) {
      parts.push(el('p', { 'data-role': 'random-status' }, t('yut.randomStatus', {
        turn: Math.min(game.turn, game.turns), turns: game.turns, score: game.score, lost: decimal(game.lost) })));
      if (game.board) {
        const drawing = el('div', {});
        renderStep(drawing, { board: { pieces: game.squares, score: game.score, die: game.die } },
          { document: { board: game.board }, line: [] }, 0);
        parts.push(drawing);
      }
      if (game.feedback) parts.push(el('p', { 'data-role': 'random-feedback' }, game.feedback));
      if (game.error) parts.push(el('p', { class: 'error', 'data-role': 'random-error' }, game.error));
      if (game.over) {
        parts.push(el('p', { 'data-role': 'random-over' }, game.over));
      } else if (game.advice) {
        parts.push(el('p', {}, t('yut.randomThrown', { die: game.die })));
        const list = el('div', { class: 'actions', 'data-role': 'random-choices' });
        for (const choice of game.advice.choices) {
          const button = el('button', { type: 'button', class: 'secondary', 'data-role': 'random-choice' },
            t('yut.randomChoice', { from: choice.from, to: choice.to, value: choice.value.rounded }));
          button.addEventListener('click', () => pick(choice));
          list.append(button);
        }
        parts.push(list);
      } else {
        const roll = el('button', { type: 'button', 'data-role': 'random-throw', disabled: game.busy || null }, t('yut.randomThrow'));
        roll.addEventListener('click', throwAndAsk);
        parts.push(el('div', { class: 'actions' }, roll));
      }
    }
    host.replaceChildren(...parts);
  }

  render();
  return card;
}

export default {
  name: 'yut',
  sample: '1 2 3 4 1 2 3 4 1 2\n',
  parse,
  format,
  renderEditor,
  renderStep,
  extraCards: () => [randomDiceCard()],
  // With the dice not known there are no dice to read.
  readsInput: (options) => options.expected !== true,
  // The options in the puzzle's terms: known or unknown dice as two named
  // choices, each with the options that mean something there.
  optionLayout: {
    mode: { option: 'expected', label: () => t('yut.mode.label'),
      choices: [{ value: '', label: () => t('yut.mode.known') }, { value: 'true', label: () => t('yut.mode.random') }] },
    shown: { '': ['pieces', 'board', 'luck', 'weights'], true: ['pieces', 'turns', 'weights', 'position', 'turn', 'die', 'board'] },
    advanced: ['board', 'weights', 'position', 'turn', 'die', 'luck'],
  },
};
