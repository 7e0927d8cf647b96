/**
 * `npm run --silent replay -- --print-state FILE`: replays FILE headless and prints the state
 * dump (PROTOCOL.md section 7). Exit 0 when the file was read, 1 with one line on stderr if not.
 */
import { readFileSync } from 'node:fs';
import { parseSession, SessionFileError } from '../src/stream/session-file';
import { replayToDump } from '../src/stream/replay';
import { canonicalJson } from '../src/lib/canonical-json';

function fail(msg: string): never {
  process.stderr.write(`replay: ${msg}\n`);
  process.exit(1);
}

const args = process.argv.slice(2);
const i = args.indexOf('--print-state');
if (i < 0 || !args[i + 1]) fail('usage: replay --print-state FILE');
const file = args[i + 1] as string;
let text: string;
try {
  text = readFileSync(file, 'utf8');
} catch (err) {
  fail(`cannot read ${file}: ${(err as Error).message}`);
}
try {
  const dump = replayToDump(parseSession(text).events);
  process.stdout.write(canonicalJson(dump));
} catch (err) {
  if (err instanceof SessionFileError) fail(`${file}: ${err.message}`);
  fail(`${file}: ${(err as Error).message}`);
}
