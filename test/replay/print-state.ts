/**
 * `replay --print-state FILE` in this process (runReplay, as the CLI runs it), its output and
 * errors captured: for the replay CLI tests that need no child process.
 */
import { runReplay } from '@scripts/replay';

export async function printState(
  file: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const r = await runReplay(['--print-state', file], {
    out: (t) => (stdout += t),
    err: (t) => (stderr += t),
    tty: false,
  });
  return { code: r.code, stdout, stderr };
}
