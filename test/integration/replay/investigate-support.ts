/** Helpers of the investigation tests (--at, --every, --diff, --check): the command in process. */
import { readdirSync } from 'node:fs';
import { runReplay } from '@scripts/replay';
import { SESSIONS } from './support';

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run replay -- ...argv` in process (runReplay, the function behind the command). */
export async function replay(...argv: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const r = await runReplay(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t) });
  return { code: r.code, stdout, stderr };
}

/** The recorded sessions of test/sessions (names without .jsonl). */
export const SESSION_NAMES = readdirSync(SESSIONS)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.slice(0, -'.jsonl'.length))
  .sort();
