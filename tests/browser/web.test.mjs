// Browser tests of the web app: Playwright (playwright-core) drives Debian's
// chromium headless against `boardsearch serve --port 0` started here.
//
//   node web.test.mjs --cli PATH/boardsearch --out SCREENSHOT_DIR
//
// For each puzzle: load the page, enter the sample in the judge-input box,
// check the editor followed, edit the board and check the text followed,
// Solve, see the expected answer, step through the whole line. Then play a
// footholds game against the engine to the end, and check that bad input
// shows a readable error. The tabs, titles and option inputs come from
// GET /api/puzzles (a puzzle without a web module gets a placeholder tab;
// checked by adding a fake puzzle to that reply with route()). One
// screenshot per view goes to SCREENSHOT_DIR.

import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// playwright-core comes from `npm ci` in this folder (scripts/browser-deps.sh).
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (error) {
  console.error(`playwright-core is not installed (${error.code}): run scripts/browser-deps.sh or make deps`);
  process.exit(1);
}

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = resolve(here, '..', 'data');
const CHROMIUM = process.env.BOARDSEARCH_CHROMIUM || '/usr/bin/chromium';
// Generous waits: the sanitizer build solves slower, and nothing here is timed.
const WAIT_MS = 20000;

function argument(name, fallback) {
  const index = process.argv.indexOf(name);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1] : fallback;
}
const cli = argument('--cli', resolve(here, '..', '..', 'build', 'boardsearch'));
const outDir = argument('--out', resolve(here, 'screenshots'));

let server;
let baseUrl;
let browser;
let profileDir;

// Starts the server on a free loopback port and reads the address it prints.
function startServer() {
  return new Promise((resolveStart, rejectStart) => {
    const child = spawn(cli, ['serve', '--host', '127.0.0.1', '--port', '0', '--quiet'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => rejectStart(new Error(`server did not start: ${stderr}`)), WAIT_MS);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const match = stdout.match(/serving (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match) {
        clearTimeout(timer);
        resolveStart({ child, url: match[1] });
      }
    });
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    child.on('exit', (code) => { clearTimeout(timer); rejectStart(new Error(`server exited (${code}): ${stderr}`)); });
  });
}

before(async () => {
  mkdirSync(outDir, { recursive: true });
  ({ child: server, url: baseUrl } = await startServer());
  // A fresh, empty profile per run; the flags keep chromium from reaching
  // for the network (this machine has none) and let it run as root.
  profileDir = mkdtempSync(join(tmpdir(), 'boardsearch-chromium-'));
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

// GET /api/puzzles as the test sees it (node's fetch). Option ranges of 16
// digits or more stay exact, as strings (a double would round 2^63 - 1).
async function listedPuzzles() {
  const response = await fetch(`${baseUrl}api/puzzles`);
  assert.equal(response.status, 200);
  const text = await response.text();
  return JSON.parse(text.replace(/("(?:minimum|maximum)":\s*)(\d{16,})/g, '$1"$2"')).puzzles;
}

// Opens the page at the tab of `name`. `prepare(page)` runs before the page
// loads (to install routes).
async function openView(name, prepare = null) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  if (prepare) await prepare(page);
  await page.goto(`${baseUrl}#${name}`);
  const view = page.locator(`#view-${name}`);
  await view.waitFor({ state: 'visible', timeout: WAIT_MS });
  return { page, view, problems };
}

function sample(puzzle, number = '01') {
  return {
    input: readFileSync(join(dataDir, puzzle, `${number}.in`), 'utf8'),
    output: readFileSync(join(dataDir, puzzle, `${number}.out`), 'utf8'),
  };
}

// Solves what is in the text box and checks the answer shown.
async function solveAndCheck(view, expected) {
  await view.locator('[data-role=solve]').click();
  const answer = view.locator('[data-role=answer]');
  await answer.waitFor({ state: 'visible', timeout: WAIT_MS });
  await view.page().waitForFunction(
    ([selector, text]) => document.querySelector(selector)?.textContent === text,
    [`#${await view.getAttribute('id')} [data-role=answer]`, expected.trimEnd()], { timeout: WAIT_MS });
  assert.match(await view.locator('[data-role=stats]').textContent(), /nodes/);
}

// Steps through the whole line with Next, then one step back with Previous.
async function stepThrough(view) {
  const label = view.locator('[data-role=step-label]');
  const total = Number((await label.textContent()).match(/of (\d+)/)[1]);
  assert.ok(total >= 1, 'the optimal line has at least one move');
  const seen = new Set([await view.locator('[data-role=step-text]').textContent()]);
  for (let step = 1; step <= total; ++step) {
    await view.locator('[data-role=next]').click();
    assert.equal(await label.textContent(), `step ${step} of ${total}`);
    seen.add(await view.locator('[data-role=step-text]').textContent());
  }
  assert.equal(seen.size, total + 1, 'every step has its own description');
  assert.ok(await view.locator('[data-role=next]').isDisabled(), 'Next is disabled at the end');
  await view.locator('[data-role=prev]').click();
  assert.equal(await label.textContent(), `step ${total - 1} of ${total}`);
  await view.locator('[data-role=next]').click();
}

// Per puzzle: how to check that the editor follows the text, and one edit
// made on the board whose effect on the text is checked.
const EDITS = {
  '2048': async (view) => {
    assert.equal(await view.locator('.editor-host .cell').count(), 9);
    const first = view.locator('.editor-host .cell').first();
    await first.fill('4');
    assert.match(await view.locator('[data-role=input]').inputValue(), /^3\n4 2 2\n/);
    await first.fill('2');
  },
  tour: async (view) => {
    assert.equal(await view.locator('.editor-host .cell').count(), 25);
    const cell = view.locator('.editor-host .cell[data-r="4"][data-c="4"]');
    await cell.click();
    assert.match(await view.locator('[data-role=input]').inputValue(), /\n\.\.\.\.\*\n3 4\n/);
    await cell.click();
  },
  footholds: async (view) => {
    assert.equal(await view.locator('.editor-host .cell').count(), 9);
    await view.locator('.editor-host [data-role=tool] [data-value=b]').click();
    await view.locator('.editor-host .cell[data-r="0"][data-c="2"]').click();
    assert.match(await view.locator('[data-role=input]').inputValue(), /\n1 0\n0 2\n$/);
    await view.locator('.editor-host [data-role=tool] [data-value=b]').click();
    await view.locator('.editor-host .cell[data-r="1"][data-c="2"]').click();
    await view.locator('.editor-host [data-role=tool] [data-value=foothold]').click();
  },
  yut: async (view) => {
    assert.equal(await view.locator('.editor-host .die').count(), 10);
    await view.locator('.editor-host [data-role=add-die]').click();
    assert.match(await view.locator('[data-role=input]').inputValue(), / 2 1\n$/);
    await view.locator('.editor-host [data-role=remove-die]').click();
  },
};

// The views are independent pages: test them side by side.
describe('web app', { concurrency: true }, () => {
  for (const puzzle of ['2048', 'tour', 'footholds', 'yut']) {
    test(`${puzzle}: enter the sample, edit, solve, step through the optimal line`, async () => {
      const { page, view, problems } = await openView(puzzle);
      const { input, output } = sample(puzzle);
      await view.locator('[data-role=input]').fill(input);
      await EDITS[puzzle](view);
      assert.equal(await view.locator('[data-role=input]').inputValue(), input, 'the edits were undone exactly');
      await solveAndCheck(view, output);
      await stepThrough(view);
      await page.screenshot({ path: join(outDir, `${puzzle}.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test('bad input shows the reason and keeps the page usable', async () => {
    const { page, view, problems } = await openView('2048');
    await view.locator('[data-role=input]').fill('2\n2 3\n4 4\n');
    await view.locator('[data-role=solve]').click();
    const error = view.locator('[data-role=error]');
    await error.waitFor({ state: 'visible', timeout: WAIT_MS });
    assert.match(await error.textContent(), /^Bad input: .*line 2/);
    await page.screenshot({ path: join(outDir, '2048-error.png'), fullPage: true });
    await view.locator('[data-role=sample]').click();
    await solveAndCheck(view, sample('2048').output);
    assert.ok(await error.isHidden());
    await page.screenshot({ path: join(outDir, '2048-error-fixed.png'), fullPage: true });
    // The browser logs the 400 reply itself; that one is expected.
    assert.deepEqual(problems.filter((p) => !p.includes('status of 400')), []);
    await page.close();
  });

  test('the tabs are the puzzles /api/puzzles lists, in its order, with their titles, judges and options', async () => {
    const puzzles = await listedPuzzles();
    const { page, problems } = await openView(puzzles[0].name);
    const tabs = page.locator('#tabs [role=tab]');
    assert.deepEqual(await tabs.evaluateAll((nodes) => nodes.map((n) => n.dataset.tab)), puzzles.map((p) => p.name));
    assert.deepEqual(await tabs.evaluateAll((nodes) => nodes.map((n) => n.title)), puzzles.map((p) => p.title));
    for (const puzzle of puzzles) {
      const tab = page.locator(`#tabs [data-tab="${puzzle.name}"]`);
      assert.ok(puzzle.title.startsWith(await tab.textContent()), `the tab of ${puzzle.name} shows its title`);
      await tab.click();
      const panel = page.locator(`#view-${puzzle.name}`);
      await panel.waitFor({ state: 'visible', timeout: WAIT_MS });
      assert.equal(await panel.locator('[data-role=title]').textContent(), puzzle.title);
      assert.equal(await panel.locator('[data-role=intro]').textContent(), puzzle.description);
      const judges = await panel.locator('[data-role=judge]').evaluateAll((nodes) => nodes.map((n) => n.textContent));
      assert.equal(judges.length, puzzle.judges.length);
      puzzle.judges.forEach((judge, i) => assert.ok(judges[i].startsWith(`${judge.id} ${judge.title}`), judges[i]));
      // One input per option of the schema, with its range and default.
      assert.deepEqual(await panel.locator('[data-option]').evaluateAll((nodes) => nodes.map((n) => n.dataset.option)),
        puzzle.options.map((o) => o.name));
      for (const option of puzzle.options.filter((o) => o.kind === 'integer')) {
        const field = panel.locator(`[data-option="${option.name}"]`);
        assert.equal(await field.getAttribute('min'), String(option.minimum));
        assert.equal(await field.inputValue(), option.default ?? '');
      }
      assert.equal(await panel.locator('[data-role=no-editor]').count(), 0, `${puzzle.name} has an editor`);
      assert.equal(await panel.locator('[data-role=play-card]').count(), puzzle.play ? 1 : 0, `${puzzle.name}: play card`);
    }
    assert.equal(page.url().split('#')[1], puzzles.at(-1).name, 'the open tab is in the address');
    // Exactly, even beyond what a double holds (2048's K goes up to 2^63 - 1).
    for (const puzzle of puzzles)
      for (const option of puzzle.options.filter((o) => o.kind === 'integer'))
        assert.equal(await page.locator(`#view-${puzzle.name} [data-option="${option.name}"]`).getAttribute('max'), String(option.maximum));
    // Titles from the server, as the judges spell them.
    assert.ok((await page.locator('#view-footholds [data-role=judges]').textContent()).includes('Programmers 92345 사라지는 발판'));
    // A judge's settings set the options: 12094 is K = 10.
    await page.locator('#tabs [data-tab="2048"]').click();
    await page.locator('#view-2048 [data-role=judge]', { hasText: 'Baekjoon 12094' }).click();
    assert.equal(await page.locator('#view-2048 [data-option=moves]').inputValue(), '10');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('an option out of its schema range shows the range and sends nothing', async () => {
    const spec = (await listedPuzzles()).find((p) => p.name === '2048').options.find((o) => o.name === 'moves');
    const [minimum, maximum] = [BigInt(spec.minimum), BigInt(spec.maximum)];
    const { page, view, problems } = await openView('2048');
    const solves = [];
    page.on('request', (request) => { if (request.url().endsWith('/api/solve')) solves.push(request.postDataJSON()); });
    const moves = view.locator('[data-option=moves]');
    const error = view.locator('[data-role=error]');
    for (const bad of [String(minimum - 1n), String(maximum + 1n), '2.5']) {
      await moves.fill(bad);
      await view.locator('[data-role=solve]').click();
      await error.waitFor({ state: 'visible', timeout: WAIT_MS });
      assert.equal((await error.textContent()).split(' (')[0], `Moves K: enter a whole number from ${minimum} to ${maximum}`, bad);
    }
    assert.deepEqual(solves, [], 'nothing was sent');
    await page.screenshot({ path: join(outDir, '2048-option-range.png'), fullPage: true });
    // In range, sent by name as a number.
    await moves.fill('3');
    await solveAndCheck(view, '16\n');
    assert.deepEqual(solves.map((body) => body.options), [{ moves: 3 }]);
    assert.ok(await error.isHidden());
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('yut: a board document in the options is sent and used', async () => {
    const { page, view, problems } = await openView('yut');
    await view.locator('[data-role=input]').fill(sample('yut', '03').input);
    await view.locator('[data-option-kind=document] summary').click();
    await view.locator('[data-option=board]').fill(readFileSync(resolve(here, '..', '..', 'docs', 'boards', 'traditional.json'), 'utf8'));
    await solveAndCheck(view, '117\n');
    await view.locator('[data-option=board]').fill('');
    await solveAndCheck(view, sample('yut', '03').output);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a listed puzzle without a web module gets a placeholder tab; choice options get a select', async () => {
    const fake = {
      name: 'chess', title: 'Chess endgames: mate in N', title_ko: '', description: 'A puzzle this page has no module for.',
      judges: [{ id: 'Nowhere 1', title: 'Mate', settings: '' }], judge_limits: [], options: [], play: false,
    };
    let solveBody = null;
    const { page, problems } = await openView('chess', async (page) => {
      // The real list with a fake puzzle in second place, and a choice option on tour.
      await page.route('**/api/puzzles', async (route) => {
        const response = await route.fetch();
        const body = await response.json();
        body.puzzles.splice(1, 0, fake);
        body.puzzles.find((p) => p.name === 'tour').options.push(
          { name: 'order', kind: 'choice', value_name: 'ORDER', help: 'which first', choices: ['rows', 'columns'], default: 'rows' });
        await route.fulfill({ response, json: body });
      });
      page.on('request', (request) => { if (request.url().endsWith('/api/solve')) solveBody = request.postDataJSON(); });
    });
    const names = (await listedPuzzles()).map((p) => p.name);
    names.splice(1, 0, 'chess');
    const tabs = page.locator('#tabs [role=tab]');
    assert.deepEqual(await tabs.evaluateAll((nodes) => nodes.map((n) => n.dataset.tab)), names);
    assert.equal(await page.locator('#tabs [data-tab=chess]').textContent(), 'Chess endgames');
    const panel = page.locator('#view-chess');
    assert.match(await panel.locator('[data-role=no-editor]').textContent(), /no editor for this puzzle yet/);
    assert.equal(await panel.locator('[data-role=intro]').textContent(), fake.description);
    assert.deepEqual(await panel.locator('[data-role=judge]').allTextContents(), ['Nowhere 1 Mate']);
    await page.screenshot({ path: join(outDir, 'placeholder.png'), fullPage: true });
    // The other tabs still work, and a choice option is a select sent by name.
    await page.locator('#tabs [data-tab=tour]').click();
    const tour = page.locator('#view-tour');
    await tour.waitFor({ state: 'visible', timeout: WAIT_MS });
    const select = tour.locator('select[data-option=order]');
    assert.deepEqual(await select.locator('option').allTextContents(), ['rows', 'columns']);
    assert.equal(await select.inputValue(), 'rows');
    await select.selectOption('columns');
    await tour.locator('[data-role=solve]').click();
    const error = tour.locator('[data-role=error]');
    await error.waitFor({ state: 'visible', timeout: WAIT_MS });
    assert.deepEqual(solveBody.options, { order: 'columns' });
    assert.match(await error.textContent(), /^Bad input: .*order/);
    // Expected: the missing module's 404 and the server's 400 for the fake option.
    assert.deepEqual(problems.filter((p) => !p.includes('status of 404') && !p.includes('status of 400')), []);
    await page.close();
  });

  test('a failing /api/puzzles is said on the page, not a blank page', async () => {
    const page = await browser.newPage();
    await page.route('**/api/puzzles', (route) => route.fulfill({ status: 500, json: { error: 'the puzzle list broke' } }));
    await page.goto(baseUrl);
    const error = page.locator('[data-role=load-error]');
    await error.waitFor({ state: 'visible', timeout: WAIT_MS });
    assert.equal(await error.textContent(), 'Could not load the puzzle list from the server: the puzzle list broke');
    assert.equal(await page.locator('#tabs [role=tab]').count(), 0);
    await page.close();
  });

  test('footholds: play a whole game against the engine', async () => {
    const { page, view, problems } = await openView('footholds');
    await view.locator('[data-role=input]').fill(sample('footholds').input);
    const card = view.locator('[data-role=play-card]');
    await card.locator('[data-role=play-side] [data-value=A]').click();
    await card.locator('[data-role=play-start]').click();
    const status = card.locator('[data-role=play-status]');
    // The person always takes the first highlighted square; the engine answers.
    for (let turn = 0; turn < 20; ++turn) {
      // Also stops at an error from the engine, so that the message shows.
      await page.waitForFunction(() => {
        const text = document.querySelector('#view-footholds [data-role=play-status]').textContent;
        return text.startsWith('Game over') || !document.querySelector('#view-footholds [data-role=play-error]').hidden
          || (text.startsWith('Your move') && document.querySelector('#view-footholds [data-role=play-board] .legal'));
      }, null, { timeout: WAIT_MS });
      const engineError = card.locator('[data-role=play-error]');
      if (!(await engineError.isHidden())) assert.fail(`the engine answered an error: ${await engineError.textContent()}`);
      if ((await status.textContent()).startsWith('Game over')) break;
      await card.locator('[data-role=play-board] .legal').first().click();
    }
    const verdict = await status.textContent();
    assert.match(verdict, /^Game over after \d+ moves?: [AB] wins\./);
    const moves = Number(verdict.match(/after (\d+)/)[1]);
    assert.equal(await card.locator('[data-role=play-history] li').count(), moves);
    assert.ok(await card.locator('[data-role=play-error]').isHidden());
    await page.screenshot({ path: join(outDir, 'footholds-play.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });
});
