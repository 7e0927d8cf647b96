/**
 * The operator's controls of `replay --serve`: a plain HTML page at `/__replay` (labelled
 * controls, the position announced politely) with a small script that polls the state, and the
 * JSON endpoints behind it: `GET /__replay/state`, `POST /__replay/control` with
 * `{"action":"pause"|"resume"|"step"|"speed","speed"?:N}`. Callers on this machine only, as the
 * simulator's admin endpoint (admin/operator-guard.ts). The terminal keys (terminal.ts) drive the same actions.
 */
import type { FastifyInstance } from 'fastify';
import { guardOperatorScope } from '../admin/operator-guard';
import { MAX_SPEED, MIN_SPEED, type Playback } from './playback';
import type { ReplayWorld } from './world';

export const OPERATOR_PREFIX = '/__replay';

export type ControlAction = 'pause' | 'resume' | 'toggle' | 'step' | 'speed';

export interface ReplayStatus {
  file: string;
  userId: number;
  state: Playback['state'];
  speed: number;
  positionMs: number;
  durationMs: number;
  played: number;
  total: number;
  clients: { public: number; private: number };
  served: { rest: number; frames: number };
  /** The last event played: its line in the file, kind, stream and topic. */
  last: { line: number; kind: string; stream?: string; topic?: string; t: number } | null;
}

/** Applies an operator action; throws RangeError on a bad speed. */
export function control(playback: Playback, action: ControlAction, speed?: number): void {
  switch (action) {
    case 'pause':
      return playback.pause();
    case 'resume':
      return playback.resume();
    case 'toggle':
      return playback.state === 'playing' ? playback.pause() : playback.resume();
    case 'step':
      return playback.step();
    case 'speed':
      return playback.setSpeed(speed ?? Number.NaN);
  }
}

export function status(
  world: ReplayWorld,
  file: string,
  clients: ReplayStatus['clients'],
): ReplayStatus {
  const p = world.playback;
  const last = p.lastCue;
  return {
    file,
    userId: world.session.header.userId,
    state: p.state,
    speed: p.speed,
    positionMs: Math.round(p.position),
    durationMs: p.duration,
    played: p.played,
    total: p.total,
    clients,
    served: { ...world.served },
    last: last
      ? {
          line: last.index + 2,
          kind: last.event.kind,
          t: last.event.t,
          ...(last.event.kind !== 'rest' ? { stream: last.event.stream } : {}),
          ...(last.topic !== undefined ? { topic: last.topic } : {}),
        }
      : null,
  };
}

/** One line for the terminal. */
export function statusLine(s: ReplayStatus): string {
  const sec = (ms: number) => (ms / 1000).toFixed(1);
  const last = s.last
    ? `; last: line ${s.last.line} ${s.last.kind}${s.last.topic ? ` ${s.last.topic}` : ''}`
    : '';
  return (
    `${s.state} ${sec(s.positionMs)}/${sec(s.durationMs)} s at ${s.speed}x, ` +
    `event ${s.played}/${s.total}, clients ${s.clients.public}+${s.clients.private}${last}`
  );
}

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Session replay · assetdeck</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 0; color: #1f2329; background: #f7f8fa; }
  main { max-width: 720px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  section { background: #fff; border: 1px solid #e5e6eb; border-radius: 6px; padding: 16px; margin-top: 16px; }
  .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 12px; }
  button, select { font: inherit; height: 32px; padding: 0 12px; border-radius: 6px; border: 1px solid #c9cdd4; background: #fff; cursor: pointer; }
  button.primary { background: #1677ff; border-color: #1677ff; color: #fff; }
  button:focus-visible, select:focus-visible { outline: 2px solid #1677ff; outline-offset: 2px; }
  progress { width: 100%; height: 12px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: #4e5969; }
  dd { margin: 0; font-variant-numeric: tabular-nums; }
  #error { color: #c9302c; }
</style>
</head>
<body>
<main aria-labelledby="title">
  <h1 id="title">Session replay</h1>
  <p id="file"></p>
  <section aria-labelledby="playback-title">
    <h2 id="playback-title" style="font-size:16px;margin:0">Playback</h2>
    <p id="status" role="status" aria-live="polite">Loading…</p>
    <label for="progress">Position in the session</label>
    <progress id="progress" max="1" value="0"></progress>
    <div class="controls">
      <button id="toggle" type="button" class="primary">Play</button>
      <button id="step" type="button">Step one event</button>
      <label for="speed">Speed</label>
      <select id="speed">
        <option value="0.25">0.25×</option><option value="0.5">0.5×</option>
        <option value="1" selected>1×</option><option value="2">2×</option>
        <option value="5">5×</option><option value="10">10×</option>
        <option value="50">50×</option><option value="100">100×</option>
      </select>
    </div>
    <p id="error" role="alert"></p>
  </section>
  <section aria-labelledby="details-title">
    <h2 id="details-title" style="font-size:16px;margin:0 0 8px">Details</h2>
    <dl>
      <dt>Events played</dt><dd id="played"></dd>
      <dt>Last event</dt><dd id="last"></dd>
      <dt>Dashboards connected</dt><dd id="clients"></dd>
      <dt>Served</dt><dd id="served"></dd>
    </dl>
  </section>
</main>
<script src="${OPERATOR_PREFIX}/operator.js" defer></script>
</body>
</html>
`;

// Plain DOM (textContent only): nothing from the session is ever parsed as HTML.
const SCRIPT = `'use strict';
(function () {
  var base = '${OPERATOR_PREFIX}';
  var $ = function (id) { return document.getElementById(id); };
  var sec = function (ms) { return (ms / 1000).toFixed(1) + ' s'; };
  var words = { waiting: 'Waiting for a dashboard to connect', playing: 'Playing', paused: 'Paused', ended: 'Ended' };
  var lastText = '';
  function show(s) {
    $('file').textContent = s.file + ' (user ' + s.userId + ')';
    var text = words[s.state] + ' at ' + sec(s.positionMs) + ' of ' + sec(s.durationMs) + ', speed ' + s.speed + '×';
    if (text !== lastText) { $('status').textContent = text; lastText = text; }
    var p = $('progress');
    p.max = Math.max(1, s.durationMs); p.value = s.positionMs;
    p.setAttribute('aria-valuetext', sec(s.positionMs) + ' of ' + sec(s.durationMs));
    $('toggle').textContent = s.state === 'playing' ? 'Pause' : 'Play';
    $('toggle').disabled = s.state === 'ended';
    $('step').disabled = s.state === 'ended';
    var sel = $('speed');
    if (document.activeElement !== sel) {
      var v = String(s.speed);
      if (![].some.call(sel.options, function (o) { return o.value === v; })) {
        var o = document.createElement('option');
        o.value = v; o.textContent = v + '×';
        sel.appendChild(o);
      }
      sel.value = v;
    }
    $('played').textContent = s.played + ' of ' + s.total;
    $('last').textContent = s.last ? 'line ' + s.last.line + ': ' + s.last.kind + (s.last.stream ? ' ' + s.last.stream : '') + (s.last.topic ? ' ' + s.last.topic : '') + ' at ' + sec(s.last.t) : 'none yet';
    $('clients').textContent = s.clients.public + ' public, ' + s.clients.private + ' private';
    $('served').textContent = s.served.frames + ' frames, ' + s.served.rest + ' REST answers';
  }
  function refresh() {
    return fetch(base + '/state').then(function (r) { return r.json(); }).then(show, function () {
      $('status').textContent = 'The replay server is not answering.';
    });
  }
  function send(body) {
    $('error').textContent = '';
    return fetch(base + '/control', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || r.status); show(j); }); })
      .catch(function (e) { $('error').textContent = String(e.message || e); });
  }
  $('toggle').addEventListener('click', function () { send({ action: 'toggle' }); });
  $('step').addEventListener('click', function () { send({ action: 'step' }); });
  $('speed').addEventListener('change', function (e) { send({ action: 'speed', speed: Number(e.target.value) }); });
  refresh();
  setInterval(refresh, 250);
})();
`;

const controlBody = {
  type: 'object',
  required: ['action'],
  additionalProperties: false,
  properties: {
    action: { type: 'string', enum: ['pause', 'resume', 'toggle', 'step', 'speed'] },
    speed: { type: 'number', minimum: MIN_SPEED, maximum: MAX_SPEED },
  },
} as const;

export function registerOperator(
  app: FastifyInstance,
  world: ReplayWorld,
  current: () => ReplayStatus,
): void {
  app.register(
    async (op) => {
      guardOperatorScope(op, OPERATOR_PREFIX);
      op.get('/', (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
      op.get('/operator.js', (_req, reply) =>
        reply.type('text/javascript; charset=utf-8').send(SCRIPT),
      );
      op.get('/state', () => current());
      op.post('/control', { schema: { body: controlBody } }, (req, reply) => {
        const { action, speed } = req.body as { action: ControlAction; speed?: number };
        if (action === 'speed' && speed === undefined) {
          return reply.code(400).send({ error: 'speed: is required' });
        }
        control(world.playback, action, speed);
        return current();
      });
    },
    { prefix: OPERATOR_PREFIX },
  );
}
