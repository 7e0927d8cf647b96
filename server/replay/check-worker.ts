/** A worker thread of `replay --check`: checks the files it is sent, one at a time. */
import { parentPort } from 'node:worker_threads';
import { checkFile } from './check-file';

const port = parentPort;
if (!port) throw new Error('check-worker.ts runs as a worker thread');
port.on('message', (msg: { id: number; file: string }) => {
  void checkFile(msg.file).then(
    (result) => port.postMessage({ id: msg.id, result }),
    (err: unknown) =>
      port.postMessage({
        id: msg.id,
        result: { file: msg.file, status: 'error', events: 0, ms: 0, detail: String(err) },
      }),
  );
});
port.postMessage({ ready: true });
