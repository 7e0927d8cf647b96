/**
 * `npm run bench`: throughput of the stream pipeline against baselines measured in the same
 * process and alternated round by round (ccxt's ArrayCacheBySymbolById, a naive immer produce
 * per message, valibot), and the cost of one ingest flush. Prints figures, ratios and targets;
 * asserts nothing on time (the machine is shared).
 */
import * as v from 'valibot';
import { applyTickers, initialStreamState } from '@src/state/model';
import { decodePrivate, decodePublic } from '@src/wire/decode';
import type { PrivateDataFrame, TickerFrame } from '@src/wire/protocol';
import { validateEntities } from '@src/wire/validate';
import {
  ccxt,
  immerApply,
  loadCcxtCache,
  naiveImmer,
  ours,
  oursApply,
  type Contestant,
  type Kind,
  type Row,
} from './contestants';
import { benchIngest } from './ingest-flush';
import { benchReplay } from './replay';
import { duel, fmt, measure, ms, ratio, sink, type Run } from './measure';
import { BATCH, makeStream, ROWS, seedOrders, seedPositions, TICKERS } from './stream-fixtures';
import { OrderList, PositionList } from './valibot-schemas';

const FRAMES = 400; // per kind: 20 000 updates
/** The naive immer baseline is ~50x slower: fewer frames keep the run short (rates are per update). */
const SLOW_FRAMES = 40;
const stream = makeStream(FRAMES);
const frames: Record<Kind, string[]> = {
  position: stream.positionFrames,
  order: stream.orderFrames,
};

const run = <S>(c: Contestant<S>, steps = FRAMES, reps = 3): Run =>
  measure(c.make, steps, c.step, BATCH, reps);

const lines: string[] = [];
const line = (s = '') => {
  lines.push(s);
  console.log(s);
};
const row = (label: string, ...cells: string[]) =>
  line(`   ${label.padEnd(36)}${cells.map((c) => c.padStart(12)).join('')}`);

async function main() {
  const Cache = await loadCcxtCache();
  line(`assetdeck stream benchmark — Node ${process.version}; ${ROWS} positions, ${ROWS} orders,`);
  line(
    `${TICKERS} tickers; updates in batches of ${BATCH}; rates are the best of alternated rounds`,
  );
  line();

  // 1. Frame text to state, and 2. apply only.
  const res: Record<string, Record<Kind, Run>> = {};
  for (const kind of ['position', 'order'] as const) {
    const decoded = frames[kind].map((t) => (decodePrivate(t) as PrivateDataFrame).items);
    const parsed = frames[kind].map((t) => (JSON.parse(t) as { data: Row[] }).data);
    const [a, b] = duel(
      () => run(ours(kind, frames[kind])),
      () => run(ccxt(Cache, kind, frames[kind])),
    );
    const [c, d] = duel(
      () => run(oursApply(kind, decoded)),
      () => run(ccxt(Cache, kind, null, parsed)),
    );
    const e = run(naiveImmer(kind, frames[kind]), SLOW_FRAMES, 2);
    for (const [name, r] of [
      ['ours', a],
      ['ccxt', b],
      ['oursApply', c],
      ['ccxtApply', d],
      ['immer', e],
    ] as const) {
      (res[name] ??= {} as Record<Kind, Run>)[kind] = r;
    }
  }
  const R = (name: string, k: Kind) => (res[name] as Record<Kind, Run>)[k];
  line(
    '1. Frame text to state: updates/s into 1 000 rows, and the median time of one 50-update frame',
  );
  line('   (assetdeck: JSON.parse + validation + immutable reducer; others: JSON.parse + apply)');
  row('', 'positions', 'orders', 'median pos.', 'median ord.');
  for (const [label, name] of [
    ['assetdeck', 'ours'],
    ['ccxt ArrayCacheBySymbolById', 'ccxt'],
    ['naive immer produce per message', 'immer'],
  ] as const) {
    const p = R(name, 'position');
    const o = R(name, 'order');
    row(label, fmt(p.perSecond), fmt(o.perSecond), ms(p.medianMs), ms(o.medianMs));
  }
  for (const base of ['ccxt', 'immer'] as const) {
    row(
      `assetdeck / ${base}`,
      ...(['position', 'order'] as const).map((k) =>
        ratio(R('ours', k).perSecond, R(base, k).perSecond),
      ),
    );
  }
  line();
  line('2. Apply only (items already decoded)');
  row(
    'assetdeck reducers',
    fmt(R('oursApply', 'position').perSecond),
    fmt(R('oursApply', 'order').perSecond),
    ms(R('oursApply', 'position').medianMs),
    ms(R('oursApply', 'order').medianMs),
  );
  row(
    'ccxt ArrayCacheBySymbolById',
    fmt(R('ccxtApply', 'position').perSecond),
    fmt(R('ccxtApply', 'order').perSecond),
    ms(R('ccxtApply', 'position').medianMs),
    ms(R('ccxtApply', 'order').medianMs),
  );
  row(
    'assetdeck / ccxt',
    ...(['position', 'order'] as const).map((k) =>
      ratio(R('oursApply', k).perSecond, R('ccxtApply', k).perSecond),
    ),
  );
  line();

  // 3. Tickers: one-symbol frames, folded 50 at a time as the ingest does.
  const snapshots = stream.tickerSnapshots.map((t) => decodePublic(t) as TickerFrame);
  const ticks = run({
    make: () => applyTickers(initialStreamState(), snapshots),
    step: (s, i) => {
      const batch: TickerFrame[] = [];
      for (let k = i * BATCH; k < (i + 1) * BATCH; k++)
        batch.push(decodePublic(stream.tickerFrames[k]) as TickerFrame);
      return applyTickers(s, batch);
    },
  });
  const tickRows = () => stream.tickerSnapshots.map((t) => (JSON.parse(t) as { data: Row }).data);
  const bySymbol = (a: Row, b: Row) => a.symbol === b.symbol;
  const immerTicks = run<readonly Row[]>(
    {
      make: tickRows,
      step: (rows, i) => {
        let r = rows;
        for (let k = i * BATCH; k < (i + 1) * BATCH; k++) {
          r = immerApply(
            r,
            [(JSON.parse(stream.tickerFrames[k] as string) as { data: Row }).data],
            bySymbol,
          );
        }
        return r;
      },
    },
    SLOW_FRAMES,
    2,
  );
  line(`3. Tickers (${TICKERS} symbols): updates/s, median fold of 50 frames`);
  row('assetdeck (validated)', fmt(ticks.perSecond), ms(ticks.medianMs));
  row('naive immer produce per message', fmt(immerTicks.perSecond), ms(immerTicks.medianMs));
  row('assetdeck / immer', ratio(ticks.perSecond, immerTicks.perSecond));
  line();

  // 4. Validation: the hand-written guards against valibot on the same parsed items.
  const full: [unknown[], unknown[]] = [seedPositions(), seedOrders()];
  const updates = [0, 1].map((j) =>
    frames[j ? 'order' : 'position'].map((t) => (JSON.parse(t) as { data: unknown[] }).data),
  );
  const guard =
    (lists: unknown[][], topic: 'copytrade.position' | 'copytrade.order') => (i: number) =>
      sink(validateEntities(topic, lists[i % lists.length]));
  const vali =
    (lists: unknown[][], schema: typeof PositionList | typeof OrderList) => (i: number) =>
      sink(v.parse(schema, lists[i % lists.length]));
  const val = (f: (i: number) => void, units: number, steps: number) =>
    measure(
      () => 0,
      steps,
      (n, i) => (f(i), n),
      units,
      2,
    );
  const cases = [
    [
      'full positions',
      guard([full[0]], 'copytrade.position'),
      vali([full[0]], PositionList),
      ROWS,
      60,
    ],
    ['full orders', guard([full[1]], 'copytrade.order'), vali([full[1]], OrderList), ROWS, 60],
    [
      'position updates',
      guard(updates[0] as unknown[][], 'copytrade.position'),
      vali(updates[0] as unknown[][], PositionList),
      BATCH,
      FRAMES,
    ],
    [
      'order updates',
      guard(updates[1] as unknown[][], 'copytrade.order'),
      vali(updates[1] as unknown[][], OrderList),
      BATCH,
      FRAMES,
    ],
  ] as const;
  line('4. Validation of the same parsed items: items/s');
  row('', 'guards', 'valibot', 'guards/vali');
  const valRatios: number[] = [];
  for (const [label, g, w, units, steps] of cases) {
    const [a, b] = duel(
      () => val(g, units, steps),
      () => val(w, units, steps),
    );
    valRatios.push(a.perSecond / b.perSecond);
    row(label, fmt(a.perSecond), fmt(b.perSecond), ratio(a.perSecond, b.perSecond));
  }
  line();

  // 5. The ingest under a burst.
  const decodedPos = frames.position.map((t) => decodePrivate(t) as PrivateDataFrame);
  const decodedOrd = frames.order.map((t) => decodePrivate(t) as PrivateDataFrame);
  const flush = benchIngest(decodedPos, decodedOrd);
  line('5. Ingest: 2 000 decoded frames (100 000 updates) handed to data(), then one flush,');
  line('   with all 1 000 order and 1 000 position row atoms subscribed');
  row('store writes for the burst', String(flush.writes));
  row('notifications per subscribed row', `<= ${flush.maxNotifications}`);
  row('buffering 2 000 frames (median)', ms(flush.bufferMs));
  row('flush: fold + one store write', ms(flush.flushMs));
  row('updates/s through the ingest', fmt(100_000 / ((flush.bufferMs + flush.flushMs) / 1000)));
  line();

  // 6. Replay: print-state of a 20 000-frame session, as a user runs it.
  const rep = benchReplay();
  line(
    `6. replay --print-state of a generated ${rep.frames.toLocaleString('en-US').replace(',', ' ')}-frame session (${(rep.bytes / 1e6).toFixed(1)} MB), a new process per run`,
  );
  row('wall time, median (with start-up)', ms(rep.cliMedianMs));
  row('wall time, best', ms(rep.cliBestMs));
  row('tsx start-up alone, median', ms(rep.startupMedianMs));
  row('parse + replay in process', ms(rep.inProcessMs));
  row('frames/s in process', fmt(rep.frames / (rep.inProcessMs / 1000)));
  line();

  const worst = (name: string) =>
    Math.min(R(name, 'position').perSecond, R(name, 'order').perSecond);
  const minRatio = (a: string, b: string) =>
    Math.min(...(['position', 'order'] as const).map((k) => R(a, k).perSecond / R(b, k).perSecond));
  const t = (ok: boolean) => (ok ? 'met' : 'MISSED');
  line('Targets');
  line(
    `   >= 200 k order/position updates/s into 1 000 rows (decode + apply): ${t(worst('ours') >= 200_000)} (${fmt(worst('ours'))})`,
  );
  line(
    `   >= 5x ccxt's cache on the same stream, decode + apply: ${t(minRatio('ours', 'ccxt') >= 5)} (${minRatio('ours', 'ccxt').toFixed(1)}x)`,
  );
  line(
    `   >= 5x ccxt's cache on the same stream, apply only: ${t(minRatio('oursApply', 'ccxtApply') >= 5)} (${minRatio('oursApply', 'ccxtApply').toFixed(1)}x)`,
  );
  line(
    `   50-update batch into 1 000 positions <= 0.5 ms median (decode + apply): ${t(R('ours', 'position').medianMs <= 0.5)} (${ms(R('ours', 'position').medianMs)})`,
  );
  line(
    `   hand-written guards faster than valibot on every case: ${t(Math.min(...valRatios) > 1)} (${Math.min(...valRatios).toFixed(1)}x to ${Math.max(...valRatios).toFixed(1)}x)`,
  );
  line(`   2 000 frames -> one store write: ${t(flush.writes === 1)}`);
  line(
    `   print-state of 20 000 frames under 2 s wall, start-up included: ${t(rep.cliMedianMs < 2_000)} (${(rep.cliMedianMs / 1000).toFixed(2)} s)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
