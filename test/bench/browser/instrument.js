/**
 * Browser benchmark probe (issue 13), added to every page with `page.addInitScript` before any
 * of the page's own scripts runs. Plain JS: it is injected as it is. It measures, in the page:
 *
 * - socket-to-paint: every websocket is wrapped so that a listener of ours, attached before the
 *   app's, stamps `performance.now()` when a message arrives and reads the mark price it carries
 *   (a ticker's `markPrice`, a position delta's `markPrice`) with a regular expression (no second
 *   JSON.parse). A MutationObserver sees every text the page writes; a number that equals a
 *   pending mark price, written in a table row that shows the key's symbol (in its mark-price
 *   column where the header names one), is that value
 *   reaching the DOM, given to the one key that received it last (positions of a symbol share
 *   its mark price). The paint time is the end of the frame that shows the mutation: a
 *   user-blocking task posted from inside that frame (the mutation was made in an animation-frame
 *   callback) or from the next frame's callback (made in any other task); user-blocking runs
 *   before queued websocket messages. Latency = paint time - receipt time of the value painted.
 *   Values of the same key received before it were superseded unseen (batched away): counted
 *   apart, as are values never painted (rows outside a virtual table's window). Only text
 *   written into nodes already in the page counts (a Text node's data, or a Text child set
 *   anew): a row mounted by scrolling or reordering shows old values for the first time, which
 *   is no socket latency.
 * - frames: a requestAnimationFrame loop records every frame interval (over 20 ms, over 50 ms);
 * - long animation frames (PerformanceObserver 'long-animation-frame'): over 50 and 100 ms, and
 *   the first 20 over 100 ms in parts (the tasks before the frame's rendering, its frame
 *   callbacks, its style, layout and paint, the longest script), to tell a frame our script made
 *   long from one the browser started late.
 *
 * Memory stays flat whatever the run length: latencies go into a histogram of 0.25 ms buckets
 * (up to 10 s) and at most 16 unpainted values, none older than 10 s, are kept per key.
 * `window.__bench` holds it all; the harness resets it (`__bench.reset()`) when the measured
 * window begins, and reads a segment of it each minute of a long window (`__bench.segment()`).
 */
(() => {
  if (window.__bench) return;
  const BUCKET_MS = 0.25;
  const BUCKETS = 40000;
  const PER_KEY = 16;
  /** The histogram's range: a value waiting longer is dropped as unpainted. */
  const MAX_AGE_MS = BUCKET_MS * BUCKETS;
  const now = () => performance.now();

  const norm = (s) => {
    // "64,123.50" -> "64123.5"; "-0.0100" -> "-0.01"; "12" -> "12"
    let v = s.replace(/,/g, '');
    if (v.includes('.')) v = v.replace(/0+$/, '').replace(/\.$/, '');
    v = v.replace(/^(-?)0+(?=\d)/, '$1');
    return v === '-0' ? '0' : v;
  };

  const hist = () => ({ counts: new Uint32Array(BUCKETS), n: 0, max: 0, sum: 0 });
  const add = (h, ms) => {
    h.n++;
    h.sum += ms;
    if (ms > h.max) h.max = ms;
    h.counts[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]++;
  };
  const pct = (h, p) => {
    if (h.n === 0) return null;
    const want = Math.ceil((p / 100) * h.n);
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += h.counts[i];
      if (seen >= want) return Math.min(h.max, (i + 1) * BUCKET_MS);
    }
    return h.max;
  };

  /** Counters of the current segment of the window (`__bench.segment()`: a per-minute breakdown). */
  const newSegment = () => ({
    since: now(),
    messages: 0,
    latency: hist(),
    frames: 0,
    framesOver50: 0,
    loafOver100: 0,
  });

  const b = {
    seg: newSegment(),
    messages: 0,
    probes: 0,
    latency: hist(),
    unpainted: 0,
    superseded: 0,
    frames: 0,
    framesOver20: 0,
    framesOver50: 0,
    worstFrame: 0,
    loaf: { n: 0, over50: 0, over100: 0, max: 0, supported: false },
    /** What the long animation frames over 100 ms were made of (the first LONG_FRAMES_KEPT). */
    longFrames: [],
    firstValueAt: null,
    /**
     * Painted values by the frame that painted them, counted from their receipt: [0] the first
     * frame that began after the value came, [1] the second, [2] the third, [3] later. A page
     * that shows every value in the next frame has all of them in [0]; the rest missed a frame.
     */
    frameLag: [0, 0, 0, 0],
    /**
     * Time between the ends of consecutive frames' main-thread work (the stamp task after each
     * frame): a value that came just after one frame's end waits about this long for the next.
     * A frame's rendering that starts late or takes long stretches it past the display interval.
     */
    frameEnds: hist(),
    /**
     * A frame's main-thread work: from its first animation-frame callback (the probe's) to its
     * end (the stamp task). A frame that takes longer than the one before it stretches the time
     * between frame ends, which is what a value that came during the earlier frame waits.
     */
    frameWork: hist(),
    /** key -> [{ t, v, f }] receipts not yet painted (f: the frame number then), oldest first */
    pending: new Map(),
    /** value -> Set of keys with that value pending */
    byValue: new Map(),
    reset() {
      b.messages = 0;
      b.probes = 0;
      b.latency = hist();
      b.unpainted = 0;
      b.superseded = 0;
      b.frames = 0;
      b.framesOver20 = 0;
      b.framesOver50 = 0;
      b.worstFrame = 0;
      b.loaf = { n: 0, over50: 0, over100: 0, max: 0, supported: b.loaf.supported };
      b.longFrames = [];
      b.frameLag = [0, 0, 0, 0];
      b.frameEnds = hist();
      b.frameWork = hist();
      b.pending.clear();
      b.byValue.clear();
      b.seg = newSegment();
    },
    /** The figures since the last call (or reset), then a new segment; values waiting stay. */
    segment() {
      const s = b.seg;
      b.seg = newSegment();
      return {
        seconds: (now() - s.since) / 1000,
        messages: s.messages,
        painted: s.latency.n,
        p50: pct(s.latency, 50),
        p95: pct(s.latency, 95),
        p99: pct(s.latency, 99),
        max: s.latency.n ? s.latency.max : null,
        frames: s.frames,
        framesOver50: s.framesOver50,
        loafOver100: s.loafOver100,
      };
    },
    summary() {
      let waiting = 0;
      for (const list of b.pending.values()) waiting += list.length;
      return {
        messages: b.messages,
        probes: b.probes,
        painted: b.latency.n,
        unpainted: b.unpainted + waiting,
        superseded: b.superseded,
        p50: pct(b.latency, 50),
        p95: pct(b.latency, 95),
        p99: pct(b.latency, 99),
        max: b.latency.n ? b.latency.max : null,
        mean: b.latency.n ? b.latency.sum / b.latency.n : null,
        frames: b.frames,
        framesOver20: b.framesOver20,
        framesOver50: b.framesOver50,
        worstFrame: b.worstFrame,
        loaf: { ...b.loaf },
        longFrames: b.longFrames.slice(),
        frameLag: b.frameLag.slice(),
        frameEnd: { p50: pct(b.frameEnds, 50), p95: pct(b.frameEnds, 95) },
        frameWork: {
          p50: pct(b.frameWork, 50),
          p90: pct(b.frameWork, 90),
          p99: pct(b.frameWork, 99),
        },
        firstValueAt: b.firstValueAt,
      };
    },
  };
  window.__bench = b;

  // ---- receipt
  const TICKER = /"topic":"tickers\.([A-Z0-9]+)"[^]*?"markPrice":"(-?[\d.]+)"/;
  const POSITION = /"topic":"copytrade\.position"/;
  /** symbol -> when its latest ticker came: the mark price a row of it shows from then on. */
  const lastTicker = new Map();
  const ITEM = /"symbol":"([^"]+)","positionIdx":(\d+),"userId":(\d+)([^{}]*)/g;
  const MARK = /"markPrice":"(-?[\d.]+)"/;
  /** An entry price of 0 or less: the position is closed (the app removes its row). */
  const CLOSED = /"entryPrice":"(?:-[\d.]*|0(?:\.0*)?)"/;
  const receive = (data) => {
    const t = now();
    b.messages++;
    b.seg.messages++;
    if (typeof data !== 'string' || !data.includes('"markPrice"')) return;
    const tk = TICKER.exec(data);
    if (tk) {
      lastTicker.set(tk[1], t);
      return pend(`T${tk[1]}`, norm(tk[2]), t);
    }
    if (!POSITION.test(data)) return;
    ITEM.lastIndex = 0;
    for (let m = ITEM.exec(data); m; m = ITEM.exec(data)) {
      const key = `P${m[1]}/${m[2]}/${m[3]}`;
      // A closed position's values will never be painted: dropped (unpainted), so that when
      // the same key opens again a number its new row writes is not taken for one of them.
      if (CLOSED.test(m[4])) drop(key);
      else {
        const mark = MARK.exec(m[4]);
        if (mark) pend(key, norm(mark[1]), t);
      }
    }
  };
  const drop = (key) => {
    const list = b.pending.get(key);
    if (!list) return;
    b.pending.delete(key);
    for (const e of list) {
      b.unpainted++;
      unindex(e.v, key, []);
    }
  };
  const pend = (key, v, t) => {
    b.probes++;
    let list = b.pending.get(key);
    if (!list) b.pending.set(key, (list = []));
    // A value not painted within MAX_AGE_MS never will be (its row is off screen, or the page
    // is stuck): counted unpainted, so that a later equal number in its row is not taken for it
    // (a 10-minute soak showed one such match of 110 s).
    while (list.length && t - list[0].t > MAX_AGE_MS) {
      const old = list.shift();
      b.unpainted++;
      unindex(old.v, key, list);
    }
    list.push({ t, v, f: frameNo });
    if (list.length > PER_KEY) {
      const old = list.shift();
      b.unpainted++;
      unindex(old.v, key, list);
    }
    let keys = b.byValue.get(v);
    if (!keys) b.byValue.set(v, (keys = new Set()));
    keys.add(key);
  };
  const unindex = (v, key, list) => {
    if (list.some((e) => e.v === v)) return;
    const keys = b.byValue.get(v);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) b.byValue.delete(v);
  };

  const Native = window.WebSocket;
  class BenchWebSocket extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => receive(e.data));
    }
  }
  window.WebSocket = BenchWebSocket;

  // ---- paint
  /**
   * Runs `fn` as soon as the current task (the frame) ends: a user-blocking task runs before the
   * page's normal ones (websocket messages, timers), so a backlog of messages does not delay the
   * stamp. Without the Scheduler API (not Chromium), a MessageChannel message.
   */
  const channel = new MessageChannel();
  let afterChannel = [];
  channel.port1.onmessage = () => {
    const fns = afterChannel;
    afterChannel = [];
    for (const fn of fns) fn();
  };
  const afterFrame = (fn) => {
    if (typeof scheduler !== 'undefined' && scheduler.postTask)
      void scheduler.postTask(fn, { priority: 'user-blocking' });
    else if (afterChannel.push(fn) === 1) channel.port2.postMessage(0);
  };
  /** True from the probe's own animation-frame callback (the first of each frame) to the frame's end. */
  let inFrame = false;
  /** Frames begun so far (the probe's callback, the first of each frame, counts them). */
  let frameNo = 0;
  /** The number of the frame that shows what the observer saw (set when it asks for the stamp). */
  let seenFrame = 0;
  /** [value, the text of the table row it was written in] this frame */
  let seen = [];
  let waiting = false;
  const symbolOf = (key) => (key[0] === 'T' ? key.slice(1) : key.slice(1, key.indexOf('/')));
  const painted = () => {
    waiting = false;
    const paintedAt = now();
    const values = seen;
    seen = [];
    for (const [v, row] of values) {
      const keys = b.byValue.get(v);
      if (!keys) continue;
      // One written number is one value reaching the screen: it is given to one key, the one
      // that received this value last among the keys whose symbol its row shows. Several keys
      // often wait on the same number (the positions of one symbol share its mark price, and
      // those outside a virtual table's window wait for ever); giving the number to all of them
      // counted a key painted seconds after an equal value of another position reached the
      // screen (docs/performance.md).
      let best = null;
      for (const key of keys) {
        const symbol = symbolOf(key);
        if (!row.includes(symbol)) continue;
        const list = b.pending.get(key);
        if (!list) continue;
        // A position's own mark price counts only until its symbol's next ticker, whose mark
        // the row shows from then on: a later equal number is the ticker's (one key's value
        // may be written in several rows of the symbol, and the first write takes the ticker's).
        const since = key[0] === 'P' ? (lastTicker.get(symbol) ?? -Infinity) : -Infinity;
        for (let i = list.length - 1; i >= 0; i--) {
          if (paintedAt - list[i].t > MAX_AGE_MS) break; // too old to be this paint (see pend)
          if (list[i].t < since) break; // superseded by the ticker (above)
          if (list[i].v !== v) continue;
          if (best === null || list[i].t > best.t) best = { key, list, last: i, t: list[i].t };
          break;
        }
      }
      if (best === null) continue;
      const { key, list, last } = best;
      // The value painted is the newest of its key received before the paint: its latency
      // counts; older ones of the key were superseded unseen (batched away) and count apart.
      const done = list.splice(0, last + 1);
      const lag = seenFrame - done[done.length - 1].f - 1;
      b.frameLag[Math.min(3, Math.max(0, lag))]++;
      add(b.latency, paintedAt - done[done.length - 1].t);
      add(b.seg.latency, paintedAt - done[done.length - 1].t);
      b.superseded += done.length - 1;
      for (const e of done) unindex(e.v, key, list);
      if (b.firstValueAt === null) b.firstValueAt = paintedAt;
      if (list.length === 0) b.pending.delete(key);
    }
  };
  const NUMBER = /-?\d[\d,]*(?:\.\d+)?/g;
  const ROW = 'tr, [role="row"]';
  /** The mark-price column's header: the app's ("Mark price", en-US) and the baseline's ("Mark"). */
  const MARK_HEADER = /^mark( price)?$/i;
  /** Row element -> its text, read once per observer callback. */
  let rowTexts = new Map();
  const rowText = (node) => {
    const row = node.parentElement?.closest(ROW) ?? null;
    if (row === null) return null;
    let text = rowTexts.get(row);
    if (text === undefined) rowTexts.set(row, (text = row.textContent ?? ''));
    return text;
  };
  const CELL = 'td, th, [role="cell"], [role="rowheader"], [role="gridcell"]';
  const HEAD = 'th, [role="columnheader"]';
  /** Table element -> the index of its mark-price column (-1: none), read once. */
  const markColumns = new WeakMap();
  const markColumnOf = (table) => {
    let i = markColumns.get(table);
    if (i === undefined) {
      const heads = [...table.querySelectorAll(HEAD)];
      if (heads.length === 0) return -1; // not rendered yet: ask again next time
      i = heads.findIndex((h) => MARK_HEADER.test((h.textContent ?? '').trim()));
      markColumns.set(table, i);
    }
    return i;
  };
  /**
   * False when the text is in a table cell that is not in the table's mark-price column: an
   * entry price, a liquidation price or a size that happens to equal an old mark price of the
   * row's symbol is not that value reaching the screen. A table without a mark-price column, or
   * a text outside a table, is not filtered.
   */
  const inMarkColumn = (node) => {
    const cell = node.parentElement?.closest(CELL);
    const row = cell?.parentElement;
    const table = row?.closest('table, [role="table"], [role="grid"]');
    if (!cell || !row || !table) return true;
    const mark = markColumnOf(table);
    if (mark < 0) return true;
    return Array.prototype.indexOf.call(row.children, cell) === mark;
  };
  const collect = (node) => {
    const text = node.data;
    if (!text || text.length > 120) return;
    const found = text.match(NUMBER);
    if (!found) return;
    if (!inMarkColumn(node)) return;
    const row = rowText(node);
    // A mark price reaches the screen in a table row that shows its symbol, nowhere else: the
    // live totals beside the tables (a PnL sum, total assets) sometimes write a number equal to
    // an old mark price, which counted as a latency of seconds.
    if (row === null) return;
    for (const f of found) seen.push([norm(f), row]);
  };
  const observe = () => {
    new MutationObserver((records) => {
      if (b.byValue.size === 0) return;
      rowTexts = new Map();
      for (const r of records) {
        // Only a text written into a node already on screen: React replacing a value (a Text
        // node's data, or the Text child of an element set anew). Rows mounted when a table
        // scrolls or its order changes show old values for the first time: not a latency.
        if (r.type === 'characterData') collect(r.target);
        else for (const n of r.addedNodes) if (n.nodeType === 3) collect(n);
      }
      if (!waiting && seen.length) {
        waiting = true;
        // Written inside a frame (a requestAnimationFrame callback: style, layout and paint
        // follow in the same task) the frame that shows it is this one; written in any other
        // task, the next one.
        seenFrame = inFrame ? frameNo : frameNo + 1;
        if (inFrame) afterFrame(painted);
        else requestAnimationFrame(() => afterFrame(painted));
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  };
  observe();

  // ---- frames
  let lastFrame = 0;
  let lastEnd = 0;
  const frame = (ts) => {
    frameNo++;
    inFrame = true;
    const begun = now();
    afterFrame(() => {
      inFrame = false;
      const end = now();
      if (lastEnd) add(b.frameEnds, end - lastEnd);
      add(b.frameWork, end - begun);
      lastEnd = end;
    });
    if (lastFrame) {
      const d = ts - lastFrame;
      b.frames++;
      b.seg.frames++;
      if (d > 20) b.framesOver20++;
      if (d > 50) {
        b.framesOver50++;
        b.seg.framesOver50++;
      }
      if (d > b.worstFrame) b.worstFrame = d;
    }
    lastFrame = ts;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);

  // ---- long animation frames
  const LONG_FRAMES_KEPT = 20;
  /**
   * One long animation frame in parts (LoAF attribution): the tasks before its rendering began
   * and the scripts among them (LoAF names only scripts of 5 ms and more: a websocket message
   * handler of a fraction of a millisecond is in `tasks` but not in the scripts), its frame
   * callbacks (requestAnimationFrame: the app's store write and React render), its style, layout
   * and paint (to the frame's end), and the longest script with what invoked it.
   */
  const longFrame = (e) => {
    const end = e.startTime + e.duration;
    const renderStart = e.renderStart || end;
    const styleStart = e.styleAndLayoutStart || end;
    let before = 0;
    let beforeCount = 0;
    let top = null;
    for (const sc of e.scripts || []) {
      if (sc.startTime < renderStart) {
        before += sc.duration;
        beforeCount++;
      }
      if (!top || sc.duration > top.duration) top = sc;
    }
    return {
      duration: e.duration,
      // epoch ms, so that the harness can set the frame beside what the machine did meanwhile
      // (scripts/cpu-wait.ts)
      at: performance.timeOrigin + e.startTime,
      tasks: renderStart - e.startTime,
      scriptsBefore: before,
      scriptsBeforeCount: beforeCount,
      callbacks: styleStart - renderStart,
      rendering: end - styleStart,
      top: top
        ? { invoker: String(top.invoker || top.invokerType || ''), duration: top.duration }
        : null,
    };
  };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        b.loaf.n++;
        if (e.duration > 50) b.loaf.over50++;
        if (e.duration > 100) {
          b.loaf.over100++;
          b.seg.loafOver100++;
          if (b.longFrames.length < LONG_FRAMES_KEPT) b.longFrames.push(longFrame(e));
        }
        if (e.duration > b.loaf.max) b.loaf.max = e.duration;
      }
    }).observe({ type: 'long-animation-frame', buffered: false });
    b.loaf.supported = true;
  } catch {
    b.loaf.supported = false;
  }
})();
