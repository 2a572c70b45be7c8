// Dice yut: move pieces along the board by a known dice schedule for the
// highest score. Model: {dice: [1..5, ...]}. Judge text: the dice values.
// The board drawing comes from the solve's document (squares with x/y).

import { el, svg, LineReader, integer } from '../common.js';
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
    'yut.option.board': 'Board (JSON)',
  },
  ko: {
    'yut.description': '입력이 끝날 때까지 주사위 값을 읽습니다(개수 제한 없음, 여러 줄 가능). 얻을 수 있는 최대 점수를 출력합니다. --pieces P: 말의 개수(기본값 4, 최대 8). --board FILE: JSON으로 된 판(docs/yut.md; docs/boards/에 표준 판과 전통 윷판이 있습니다).',
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
    'yut.option.pieces': '말의 개수 P',
    'yut.option.pieces.help': '말의 개수 P (기본값 4, 최대 8)',
    'yut.option.board': '판 (JSON)',
    'yut.option.board.help': '판을 설명하는 JSON (docs/ 참고)',
    'yut.option.expected': '기댓값',
    'yut.option.expected.help': '주사위를 모를 때: 최선의 플레이의 점수 기댓값 (주사위를 읽지 않음)',
    'yut.option.turns': '차례 수 T',
    'yut.option.turns.help': '--expected와 함께: 차례 수 T (기본값 10)',
    'yut.option.weights': '면의 가중치',
    'yut.option.weights.help': '--expected 또는 --luck과 함께: 각 면의 가중치 (기본값 모두 1; 윷가락: 4,6,4,1,1)',
    'yut.option.position': '위치',
    'yut.option.position.help': '--expected와 함께: 이 칸들(말마다 하나)에서의 조언, --turn과 --die와 함께',
    'yut.option.turn': '차례 t',
    'yut.option.turn.help': '--position과 함께: 둘 차례 (1부터)',
    'yut.option.die': '주사위 d',
    'yut.option.die.help': '--position과 함께: 이번 차례에 나온 주사위',
    'yut.option.luck': '운',
    'yut.option.luck.help': '이 주사위 순서의 최적값을 앞을 모르는 점수 기댓값과 비교하고, 그 백분위를 보여 줍니다',
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

export default {
  name: 'yut',
  sample: '1 2 3 4 1 2 3 4 1 2\n',
  parse,
  format,
  renderEditor,
  renderStep,
};
