// The job protocol of docs/api.md, as a view uses it: a solve starts as a
// job (POST /api/jobs) and is polled (GET /api/jobs/<id>) until done;
// DELETE /api/jobs/<id> cancels it. A server without jobs (404, 405 on the
// start) gets the plain POST /api/solve.

import { requestJson } from './common.js';
import { t } from './i18n.js';

// Polls of a running solve: quickly at first, so that a small solve answers
// in a few milliseconds, then every POLL_INTERVAL_MS.
const FIRST_POLLS_MS = [0, 10, 30, 60, 100];
const POLL_INTERVAL_MS = 200;
// Progress (nodes, time, what is known) is reported once a solve has run
// this long, so that quick solves do not flash it.
const PROGRESS_DELAY_MS = 300;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

// Starts a solve of `request` (the body of /api/solve). Returns {job: id}
// when it runs as a job, else the finished {status, body} (the answer of a
// server without jobs, or the refusal of the start); null when isStopped()
// once the start is answered (the view went away: no fallback is sent).
export async function startSolve(request, isStopped) {
  const started = await requestJson('POST', '/api/jobs', request);
  if (isStopped()) return null;
  if (started.status === 404 || started.status === 405) return requestJson('POST', '/api/solve', request);
  if (started.status === 202 && started.body.job) return { job: started.body.job };
  return started;
}

// Polls job `job` ({id, since}) until it is done and returns its {status,
// body} as /api/solve would give them; null once isStopped() (the view went
// away). onProgress(progress) gets the job's progress once it has run
// PROGRESS_DELAY_MS since `job.since` (a performance.now() time).
export async function pollJob(job, isStopped, onProgress) {
  for (let poll = 0; !isStopped(); ++poll) {
    await sleep(poll < FIRST_POLLS_MS.length ? FIRST_POLLS_MS[poll] : POLL_INTERVAL_MS);
    if (isStopped()) return null;
    const { status, body } = await requestJson('GET', `/api/jobs/${encodeURIComponent(job.id)}`);
    if (isStopped()) return null;
    if (status === 404) return { status: 404, body: { error: t('app.jobLost') } };
    if (status !== 200) return { status, body };
    if (body.state === 'done') return { status: body.status, body: body.result };
    if (performance.now() - job.since >= PROGRESS_DELAY_MS && body.progress) onProgress(body.progress);
  }
  return null;
}

// Asks the server to stop job `id`; its polls then end with the "cancelled"
// reply.
export function cancelJob(id) {
  return requestJson('DELETE', `/api/jobs/${encodeURIComponent(id)}`);
}
