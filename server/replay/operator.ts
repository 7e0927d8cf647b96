/**
 * The operator's controls of `replay --serve`: a plain HTML page at `/__replay` (labelled
 * controls, state changes announced politely but never the moving position, a timeline to drag,
 * step through by keyboard or type a position into, with the session's events drawn along it and
 * listed) with a small script that polls the state,
 * and the JSON endpoints behind it: `GET /__replay/state`, `GET /__replay/timeline` (the
 * events), `POST /__replay/control` with
 * `{"action":"pause"|"resume"|"toggle"|"step"|"back"|"speed"|"seek","speed"?:N,"to"?:T}`.
 * Callers on this machine only, as the simulator's admin endpoint (admin/operator-guard.ts).
 * The terminal keys (terminal.ts) drive the same actions. The page is for operators and stays
 * plain English (it is not part of the translated app).
 */
import type { FastifyInstance } from 'fastify';
import { guardOperatorScope } from '../admin/operator-guard';
import { MAX_SPEED, MIN_SPEED, type Playback } from './playback';
import { markersOf } from './markers';
import type { ReplayWorld } from './world';

export const OPERATOR_PREFIX = '/__replay';

export type ControlAction = 'pause' | 'resume' | 'toggle' | 'step' | 'back' | 'speed' | 'seek';

export interface ReplayStatus {
  file: string;
  userId: number;
  /** The header's recordedAt: the wall-clock time of position 0. */
  recordedAt: string;
  state: Playback['state'];
  speed: number;
  positionMs: number;
  durationMs: number;
  played: number;
  total: number;
  /** The state shown is the one after this line of the file (1: the header, nothing played). */
  line: number;
  /** A seek happened: snapshots answer the state at the position. */
  seeked: boolean;
  clients: { public: number; private: number };
  served: { rest: number; frames: number };
  /** The last event played: its line in the file, kind, stream and topic. */
  last: { line: number; kind: string; stream?: string; topic?: string; t: number } | null;
}

/** Applies an operator action; throws RangeError on a bad speed. (A seek goes to the world.) */
export function control(
  playback: Playback,
  action: Exclude<ControlAction, 'seek'>,
  speed?: number,
): void {
  switch (action) {
    case 'pause':
      return playback.pause();
    case 'resume':
      return playback.resume();
    case 'toggle':
      return playback.state === 'playing' ? playback.pause() : playback.resume();
    case 'step':
      return playback.step();
    case 'back':
      return playback.stepBack();
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
    recordedAt: world.session.header.recordedAt,
    state: p.state,
    speed: p.speed,
    positionMs: Math.round(p.position),
    durationMs: p.duration,
    played: p.played,
    total: p.total,
    line: p.played + 1,
    seeked: world.hasSeeked,
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
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Session replay · assetdeck</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 0; color: #1f2329; background: #f7f8fa; }
  main { max-width: 760px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 20px; margin: 0 0 4px; }
  h2 { font-size: 16px; margin: 0 0 8px; }
  p { overflow-wrap: anywhere; }
  section { background: #fff; border: 1px solid #e5e6eb; border-radius: 6px; padding: 16px; margin-top: 16px; }
  .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-top: 12px; }
  button, select, input[type=text] { font: inherit; height: 32px; padding: 0 12px; border-radius: 6px; border: 1px solid #86909c; background: #fff; color: #1f2329; cursor: pointer; }
  input[type=text] { cursor: text; min-width: 0; flex: 1 1 12em; }
  button.primary { background: #1664d9; border-color: #1664d9; color: #fff; }
  button:disabled { color: #4e5969; background: #f2f3f5; cursor: default; }
  button:focus-visible, select:focus-visible, input:focus-visible, .events:focus-visible { outline: 2px solid #1664d9; outline-offset: 2px; }
  .track { position: relative; padding-top: 14px; }
  .ticks { position: absolute; top: 0; left: 8px; right: 8px; height: 12px; }
  .tick { position: absolute; top: 0; width: 3px; height: 12px; margin-left: -1px; border-radius: 1px; }
  input[type=range] { width: 100%; margin: 0; height: 28px; }
  .hint { color: #4e5969; font-size: 13px; margin: 4px 0 0; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
  dt { color: #4e5969; }
  dd { margin: 0; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
  #error { color: #b42318; }
  .legend { display: flex; flex-wrap: wrap; gap: 4px 12px; list-style: none; padding: 0; margin: 0 0 8px; color: #4e5969; font-size: 13px; }
  .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; vertical-align: -1px; }
  .events { max-height: 320px; overflow-y: auto; border: 1px solid #e5e6eb; border-radius: 6px; }
  .events ol { list-style: none; margin: 0; padding: 0; }
  .events li + li { border-top: 1px solid #f2f3f5; }
  .events button { display: block; width: 100%; height: auto; min-height: 32px; text-align: left; border: 0; border-radius: 0; padding: 4px 8px; overflow-wrap: anywhere; }
  .events button:hover { background: #f2f3f5; }
  .k-connect { background: #0e7c3a; } .k-reconnect { background: #1664d9; } .k-close { background: #b42318; }
  .k-gap { background: #b25e09; } .k-snapshot { background: #5b6473; } .k-reseed { background: #7a3ecf; }
  .k-refused { background: #c2185b; } .k-malformed { background: #000; }
</style>
</head>
<body>
<main aria-labelledby="title">
  <h1 id="title">Session replay</h1>
  <p id="file"></p>
  <section aria-labelledby="playback-title">
    <h2 id="playback-title">Playback</h2>
    <p id="status" role="status" aria-live="polite">Loading…</p>
    <p id="position"></p>
    <label for="scrubber">Position in the session</label>
    <div class="track">
      <div id="ticks" class="ticks" aria-hidden="true"></div>
      <input id="scrubber" type="range" min="0" max="0" step="1000" value="0" aria-describedby="scrubber-help">
    </div>
    <p id="scrubber-help" class="hint">Drag, or use the keys: the arrows move by 1 s (1 % of a session longer than 100 s, a tenth of one shorter than 10 s), Page Up and Page Down by about a tenth of the session, Home and End to its start and end. The dashboard is brought to that instant and playback pauses there.</p>
    <div class="controls">
      <button id="back" type="button">Step back</button>
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
    <form id="seek-form" class="controls">
      <label for="seek-to">Go to</label>
      <input id="seek-to" name="to" type="text" autocomplete="off" spellcheck="false" aria-describedby="seek-help">
      <button type="submit">Go</button>
    </form>
    <p id="seek-help" class="hint">Milliseconds from the start (15000 or 15s), a time of the recording in UTC (00:47:05 or an ISO date-time), or line:N for the state after line N of the file.</p>
    <p id="error" role="alert"></p>
  </section>
  <section aria-labelledby="events-title">
    <h2 id="events-title">Events</h2>
    <ul class="legend" aria-label="Legend">
      <li><span class="swatch k-connect"></span>connect</li><li><span class="swatch k-reconnect"></span>reconnect</li>
      <li><span class="swatch k-close"></span>close</li><li><span class="swatch k-gap"></span>seq gap</li>
      <li><span class="swatch k-reseed"></span>re-seed</li><li><span class="swatch k-snapshot"></span>REST snapshot</li>
      <li><span class="swatch k-refused"></span>refused</li><li><span class="swatch k-malformed"></span>malformed frame</li>
    </ul>
    <p class="hint">Choose an event to see the state right after it.</p>
    <div class="events" role="region" aria-labelledby="events-title" tabindex="0"><ol id="events"></ol></div>
    <p id="events-more" class="hint"></p>
  </section>
  <section aria-labelledby="details-title">
    <h2 id="details-title">Details</h2>
    <dl>
      <dt>State shown</dt><dd id="shown"></dd>
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
  var words = { playing: 'Playing from', paused: 'Paused at', ended: 'Ended at' };
  var ENDED_HELP = 'Play and Step one event are off at the end: to replay, go back with the position slider, Go to, Step back or an event of the list.';
  var announced = '';
  var epoch = NaN;
  var scrub = $('scrubber');
  var span = -1;
  var dragging = false;
  var pendingSeek = null;
  var wall = function (ms) {
    if (!isFinite(epoch)) return '';
    return new Date(epoch + ms).toISOString().slice(11, 23) + ' UTC';
  };
  // The scrubber's step (ms): 1 s, 1 % of a session longer than 100 s, a tenth of one shorter
  // than 10 s. Its maximum is the first step at or after the end, so that End reaches the end.
  var stepFor = function (ms) {
    return ms >= 10000 ? Math.max(1000, Math.ceil(ms / 100)) : Math.max(1, Math.ceil(ms / 10));
  };
  var maxFor = function (ms) { return Math.ceil(ms / stepFor(ms)) * stepFor(ms); };
  var at = function (ms) { return sec(ms) + ' of ' + sec(span) + (wall(ms) ? ', ' + wall(ms) : ''); };
  // The live region says what changed (playing, paused, ended, a seek, a step, the server gone),
  // once: the moving position is in #position and the scrubber, never announced while playing.
  function say(text) {
    if ($('status').textContent !== text) $('status').textContent = text;
  }
  function announce(s, force) {
    var key = s.state + ' ' + s.speed;
    if (!force && key === announced) return;
    announced = key;
    if (s.state === 'waiting') return say('Waiting for a dashboard to connect, or press Play.');
    var text = words[s.state] + ' ' + sec(s.positionMs) + ' of ' + sec(s.durationMs) + ', speed ' + s.speed + '×';
    say(s.state === 'ended' ? text + '. ' + ENDED_HELP : text);
  }
  function show(s, force) {
    epoch = Date.parse(s.recordedAt);
    $('file').textContent = s.file + ' (user ' + s.userId + ', recorded ' + s.recordedAt + ')';
    announce(s, force);
    $('position').textContent = 'Position: ' + sec(s.positionMs) + ' of ' + sec(s.durationMs) + ', speed ' + s.speed + '×';
    if (s.durationMs !== span) {
      span = Math.max(0, s.durationMs);
      scrub.step = String(stepFor(span));
      scrub.max = String(maxFor(span));
    }
    if (!dragging && pendingSeek === null) {
      scrub.value = String(s.positionMs >= span ? scrub.max : s.positionMs);
      // The thumb's place (a step): it changes once a step while playing, not at every poll.
      var text = at(Math.min(Number(scrub.value), span));
      if (scrub.getAttribute('aria-valuetext') !== text) scrub.setAttribute('aria-valuetext', text);
    }
    $('toggle').textContent = s.state === 'playing' ? 'Pause' : 'Play';
    $('toggle').disabled = s.state === 'ended';
    $('step').disabled = s.state === 'ended';
    $('back').disabled = s.played === 0;
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
    $('shown').textContent = 'after line ' + s.line + ' of the file, t = ' + s.positionMs + ' ms' + (wall(s.positionMs) ? ' (' + wall(s.positionMs) + ')' : '');
    $('played').textContent = s.played + ' of ' + s.total;
    $('last').textContent = s.last ? 'line ' + s.last.line + ': ' + s.last.kind + (s.last.stream ? ' ' + s.last.stream : '') + (s.last.topic ? ' ' + s.last.topic : '') + ' at ' + sec(s.last.t) : 'none yet';
    $('clients').textContent = s.clients.public + ' public, ' + s.clients.private + ' private';
    $('served').textContent = s.served.frames + ' frames, ' + s.served.rest + ' REST answers';
  }
  function refresh() {
    return fetch(base + '/state').then(function (r) { return r.json(); }).then(function (s) { show(s, false); }, function () {
      announced = '';
      say('The replay server is not answering.');
    });
  }
  // An action's answer is announced even when the state stays the same (a seek while paused);
  // a failure goes to the alert, prefixed with what failed (\`label\`).
  function send(body, label) {
    $('error').textContent = '';
    return fetch(base + '/control', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (r) { return r.json().then(function (j) { if (!r.ok) throw new Error(j.error || j.message || r.status); show(j, true); }); })
      .catch(function (e) { $('error').textContent = (label ? label + ': ' : '') + String(e.message || e); });
  }
  function seek(to, label) {
    pendingSeek = null;
    return send({ action: 'seek', to: String(to) }, label);
  }
  function timeline(tl) {
    var ticks = $('ticks');
    var list = $('events');
    // Along the scrubber's track, which runs to its maximum (maxFor).
    var track = Math.max(1, maxFor(Math.max(0, tl.durationMs)));
    tl.markers.forEach(function (m) {
      var tick = document.createElement('span');
      tick.className = 'tick k-' + m.kind;
      tick.style.left = (100 * m.t / track) + '%';
      ticks.appendChild(tick);
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      var sw = document.createElement('span');
      sw.className = 'swatch k-' + m.kind;
      sw.setAttribute('aria-hidden', 'true');
      b.appendChild(sw);
      b.appendChild(document.createTextNode(sec(m.t) + ', line ' + m.line + ': ' + m.text));
      b.addEventListener('click', function () { seek('line:' + m.line, 'Event'); });
      li.appendChild(b);
      list.appendChild(li);
    });
    if (tl.markers.length === 0) {
      var none = document.createElement('li');
      none.textContent = 'No connects, closes, gaps, snapshots, refusals or malformed frames.';
      list.appendChild(none);
    }
    if (tl.more > 0) $('events-more').textContent = tl.more + ' more events are not listed.';
  }
  scrub.addEventListener('pointerdown', function () { dragging = true; });
  scrub.addEventListener('input', function () {
    scrub.setAttribute('aria-valuetext', at(Math.min(Number(scrub.value), span)));
  });
  // One seek when the value settles (a drag ends, or a burst of arrow keys stops); the last step
  // (past the end when the session's length is not a whole number of steps) is the end.
  scrub.addEventListener('change', function () {
    dragging = false;
    if (pendingSeek !== null) clearTimeout(pendingSeek);
    pendingSeek = setTimeout(function () { seek(Math.min(Number(scrub.value), span), 'Position'); }, 200);
  });
  $('seek-form').addEventListener('submit', function (e) {
    e.preventDefault();
    var v = $('seek-to').value.trim();
    if (v !== '') seek(v, 'Go to');
  });
  $('toggle').addEventListener('click', function () { send({ action: 'toggle' }, 'Play'); });
  $('step').addEventListener('click', function () { send({ action: 'step' }, 'Step'); });
  $('back').addEventListener('click', function () { send({ action: 'back' }, 'Step back'); });
  $('speed').addEventListener('change', function (e) { send({ action: 'speed', speed: Number(e.target.value) }, 'Speed'); });
  fetch(base + '/timeline').then(function (r) { return r.json(); }).then(timeline, function () {});
  refresh();
  setInterval(refresh, 250);
})();
`;

const controlBody = {
  type: 'object',
  required: ['action'],
  additionalProperties: false,
  properties: {
    action: {
      type: 'string',
      enum: ['pause', 'resume', 'toggle', 'step', 'back', 'speed', 'seek'],
    },
    speed: { type: 'number', minimum: MIN_SPEED, maximum: MAX_SPEED },
    // Checked by the handler (instantOf), which says what is expected for anything else.
    to: {},
  },
} as const;

const MAX_INSTANT_CHARS = 64;
const TO_EXPECTED =
  'to: expected ms from the start (a number, 0 or more) or an instant as text: ' +
  '15000, 15s, 00:47:05 (UTC), an ISO date-time or line:N';

/** The `to` of a seek: text (`--at`'s forms) or a number of ms from the start; else a reason. */
function instantOf(to: unknown): { to: string | number } | { error: string } {
  if (typeof to === 'string') {
    return to.length <= MAX_INSTANT_CHARS
      ? { to }
      : { error: `to: at most ${MAX_INSTANT_CHARS} characters` };
  }
  if (typeof to === 'number' && Number.isFinite(to) && to >= 0) return { to };
  return { error: TO_EXPECTED };
}

/**
 * A bad instant's reason in the page's words: the parser (replay-query.ts) is shared with the
 * command line and names its flag (`--at "1e+300": expected ...`), which the page has not.
 */
function instantError(message: string): string {
  return message.replace(/^--at /, '');
}

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
      let events: ReturnType<typeof markersOf> | undefined;
      op.get('/timeline', () => ({
        durationMs: world.playback.duration,
        recordedAt: world.session.header.recordedAt,
        ...(events ??= markersOf(world.session.events)),
      }));
      op.post('/control', { schema: { body: controlBody } }, (req, reply) => {
        const { action, speed, to } = req.body as {
          action: ControlAction;
          speed?: number;
          to?: unknown;
        };
        if (action === 'speed' && speed === undefined) {
          return reply.code(400).send({ error: 'speed: is required' });
        }
        if (action === 'seek') {
          if (to === undefined) return reply.code(400).send({ error: 'to: is required' });
          const instant = instantOf(to);
          if ('error' in instant) return reply.code(400).send({ error: instant.error });
          try {
            world.seek(instant.to);
          } catch (err) {
            return reply.code(400).send({ error: instantError((err as Error).message) });
          }
          return current();
        }
        control(world.playback, action, speed);
        return current();
      });
    },
    { prefix: OPERATOR_PREFIX },
  );
}
