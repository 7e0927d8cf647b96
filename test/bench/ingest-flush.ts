/**
 * The ingest under a burst: 2 000 decoded frames handed to data(), then one flush, with every
 * order and position row atom subscribed (a worst case: a virtualized table mounts ~30 rows).
 */
import { performance } from 'node:perf_hooks';
import { createStore } from 'jotai';
import { createStreamAtoms } from '@src/state/atoms/stream';
import { positionKey } from '@src/state/positions';
import { Ingest } from '@src/pipeline/ingest';
import type { PrivateDataFrame, RestEnvelope } from '@src/wire/protocol';
import { seedOrders, seedPositions } from './stream-fixtures';

export interface FlushRun {
  writes: number;
  maxNotifications: number;
  bufferMs: number;
  flushMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function benchIngest(positions: PrivateDataFrame[], orders: PrivateDataFrame[]): FlushRun {
  const frames: PrivateDataFrame[] = [];
  for (let i = 0; i < 1_000; i++)
    frames.push(
      positions[i % positions.length] as PrivateDataFrame,
      orders[i % orders.length] as PrivateDataFrame,
    );
  const buffer: number[] = [];
  const flush: number[] = [];
  let writes = 0;
  let maxNotifications = 0;
  for (let rep = -1; rep < 7; rep++) {
    const store = createStore();
    const atoms = createStreamAtoms();
    const answers = new Map<string, RestEnvelope<unknown>>([
      ['copytrade.position', env({ list: seedPositions() })],
      ['copytrade.order', env({ list: seedOrders() })],
    ]);
    const ingest = new Ingest({
      store,
      atoms,
      scheduler: () => () => {}, // flushed by hand below
      fetchSnapshot: (topic) => Promise.resolve(answers.get(topic) as RestEnvelope<unknown>),
    });
    // Seed synchronously through the snapshot frame path: same reducers, no promise to await.
    ingest.subscribed('private', [], 'c1');
    ingest.data('private', snapshotFrame('copytrade.position', seedPositions()));
    ingest.data('private', snapshotFrame('copytrade.order', seedOrders()));
    ingest.flush();
    const counts = new Map<unknown, number>();
    for (const p of seedPositions()) {
      const a = atoms.positionRowAtom(positionKey(p));
      store.sub(a, () => counts.set(a, (counts.get(a) ?? 0) + 1));
    }
    for (const o of seedOrders()) {
      const a = atoms.orderRowAtom(o.orderId);
      store.sub(a, () => counts.set(a, (counts.get(a) ?? 0) + 1));
    }
    const writesBefore = ingest.getStats().writes;
    let seq = 2;
    const t0 = performance.now();
    for (const f of frames) ingest.data('private', { ...f, seq: seq++ } as PrivateDataFrame);
    const t1 = performance.now();
    ingest.flush();
    const t2 = performance.now();
    if (rep >= 0) {
      buffer.push(t1 - t0);
      flush.push(t2 - t1);
      writes = ingest.getStats().writes - writesBefore;
      maxNotifications = Math.max(maxNotifications, ...counts.values());
    }
  }
  return { writes, maxNotifications, bufferMs: median(buffer), flushMs: median(flush) };
}

function env(result: unknown): RestEnvelope<unknown> {
  return {
    ret_code: 0,
    ret_msg: 'OK',
    result,
    ext_code: '',
    ext_info: null,
    time_now: '1732150000.0',
  };
}

function snapshotFrame(
  topic: 'copytrade.position' | 'copytrade.order',
  items: unknown[],
): PrivateDataFrame {
  return {
    kind: 'data',
    topic,
    type: 'snapshot',
    seq: 1,
    creationTime: 1_732_150_000_000,
    items,
  } as PrivateDataFrame;
}
