// Browser tests of the web app: Playwright (playwright-core) drives Debian's
// chromium headless against `boardsearch serve --port 0` started here.
//
//   node web.test.mjs --cli PATH/boardsearch --out SCREENSHOT_DIR
//
// For each puzzle: load the page, enter the sample in the judge-input box,
// check the editor followed, edit the board and check the text followed,
// Solve, see the expected answer, step through the whole line. Then play a
// footholds game against the engine to the end, and check that bad input
// shows a readable error. One screenshot per view goes to SCREENSHOT_DIR.

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

async function openView(name) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
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

  test('footholds: play a whole game against the engine', async () => {
    const { page, view, problems } = await openView('footholds');
    await view.locator('[data-role=input]').fill(sample('footholds').input);
    const card = view.locator('[data-role=play-card]');
    await card.locator('[data-role=play-side] [data-value=A]').click();
    await card.locator('[data-role=play-start]').click();
    const status = card.locator('[data-role=play-status]');
    // The person always takes the first highlighted square; the engine answers.
    for (let turn = 0; turn < 20; ++turn) {
      await page.waitForFunction(() => {
        const text = document.querySelector('#view-footholds [data-role=play-status]').textContent;
        return text.startsWith('Game over') || (text.startsWith('Your move') && document.querySelector('#view-footholds [data-role=play-board] .legal'));
      }, null, { timeout: WAIT_MS });
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
