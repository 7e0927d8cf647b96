/**
 * The ingest's store writes, rendered in the animation frame that makes them. The ingest writes
 * the Jotai store once a frame (src/pipeline/schedulers.ts); by default React would then render
 * the rows that changed in a task of its own after the frame, and the browser would paint them
 * one frame later, after every websocket message queued in between (at 2 000 messages a second,
 * a long queue). Inside flushSync, React renders and commits before the callback returns, so
 * style, layout and paint of that same frame show the values: one frame from socket to screen
 * instead of two or more (docs/performance.md). The pipeline knows nothing of React: this is the
 * scheduler src/main.tsx hands to startLive, around `quietFirst(frameScheduler())`, so a write
 * after a quiet spell renders in its own task (src/pipeline/schedulers.ts) and the frame only
 * paints it.
 */
import { flushSync } from 'react-dom';
import { frameScheduler, type Scheduler } from '../pipeline/schedulers';

export function renderInFrame(schedule: Scheduler = frameScheduler()): Scheduler {
  return (run) => schedule(() => flushSync(run));
}
