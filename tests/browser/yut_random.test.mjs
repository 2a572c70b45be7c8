// Browser test of yut's random-dice mode (issue 18): against
// `boardsearch serve --port 0` started here, play a whole game of three
// turns on the yut tab. Each throw shows one button per legal choice with its
// expected value; the values are checked against the server's advice (the
// same /api/solve request made by the test), the expected points lost add up
// to the sum of (best value - chosen value), and the game ends after the last
// turn. A screenshot of the card is written for a look by eye.
//
//   node yut_random.test.mjs --cli PATH/boardsearch --out SCREENSHOT_DIR

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch (error) {
  console.error(`playwright-core is not installed (${error.code}): run scripts/browser-deps.sh or make deps`);
  process.exit(1);
}

const here = dirname(fileURLToPath(import.meta.url));
const CHROMIUM = process.env.BOARDSEARCH_CHROMIUM || '/usr/bin/chromium';
const WAIT_MS = 20000;  // generous: nothing here is timed

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
  profileDir = mkdtempSync(join(tmpdir(), 'boardsearch-chromium-'));
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 1400 },
    locale: 'en-US',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

// Exact fractions from the API's {numerator, denominator}.
function gcd(a, b) {
  let [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  while (y !== 0n) [x, y] = [y, x % y];
  return x === 0n ? 1n : x;
}
const fraction = (n, d) => { const g = gcd(n, d); return { n: n / g, d: d / g }; };
const of = (value) => fraction(BigInt(value.numerator), BigInt(value.denominator));
const minus = (a, b) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
const plus = (a, b) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
function decimal(value) {
  const scaled = 2n * value.n * 1000000n + value.d;
  const units = scaled / (2n * value.d);  // non-negative here
  const digits = units.toString().padStart(7, '0');
  return `${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

test('yut random dice: a whole game, every choice valued as the advice says, the points lost added up', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console: ${message.text()}`); });
  // The page's advice request of a throw, as the server answered it.
  const isAdvice = (response) => response.url().endsWith('/api/solve') && response.request().method() === 'POST';
  await page.goto(`${baseUrl}#yut`);
  const card = page.locator('[data-role=random-dice-card]');
  await card.waitFor({ state: 'visible', timeout: WAIT_MS });
  const turns = card.locator('[data-role=random-turns]');
  await turns.fill('3');
  await turns.dispatchEvent('change');
  await card.locator('[data-role=random-new]').click();
  await card.locator('[data-role=random-status]').waitFor({ timeout: WAIT_MS });
  assert.match(await card.locator('[data-role=random-status]').textContent(), /turn 1 of 3 · score 0 · expected points lost 0\.000000/);

  let lost = fraction(0n, 1n);
  let score = 0;
  for (let turn = 1; turn <= 3; turn += 1) {
    const [response] = await Promise.all([
      page.waitForResponse(isAdvice, { timeout: WAIT_MS }),
      card.locator('[data-role=random-throw]').click(),
    ]);
    const request = JSON.parse(response.request().postData());
    const body = await response.json();
    await card.locator('[data-role=random-choices], [data-role=random-over]').first().waitFor({ timeout: WAIT_MS });
    assert.equal(request.options.expected, true);
    assert.equal(request.options.turn, turn);
    const choices = body.document.choices;
    if (choices.length === 0) break;  // no piece can move: the game ended (cannot happen in 3 turns)
    // One button per choice, with the server's value.
    const buttons = card.locator('[data-role=random-choice]');
    assert.equal(await buttons.count(), choices.length);
    for (let i = 0; i < choices.length; i += 1)
      assert.equal(await buttons.nth(i).textContent(),
        `${choices[i].from} → ${choices[i].to}: expected ${choices[i].value.rounded}`);
    // Play the worst choice (a loss unless all are equal), then check the sum.
    let worst = 0;
    for (let i = 1; i < choices.length; i += 1) if (minus(of(choices[i].value), of(choices[worst].value)).n < 0n) worst = i;
    const best = choices.find((c) => c.from === body.document.best.from && c.to === body.document.best.to);
    lost = plus(lost, minus(of(best.value), of(choices[worst].value)));
    score += choices[worst].points;
    if (turn === 1) await page.screenshot({ path: join(outDir, 'yut-random-dice.png'), fullPage: true });
    await buttons.nth(worst).click();
    await card.locator('[data-role=random-feedback]').waitFor({ timeout: WAIT_MS });
  }
  const over = card.locator('[data-role=random-over]');
  await over.waitFor({ timeout: WAIT_MS });
  assert.equal(await over.textContent(), `Game over: score ${score}, expected points lost ${decimal(lost)}.`);
  await page.screenshot({ path: join(outDir, 'yut-random-dice-over.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});
