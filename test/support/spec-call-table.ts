/**
 * SPEC.md section 7's call table, as the tests hold the code against it. The table is read from
 * the repository's copy (test/fixtures/spec-call-table.md), so that a clean clone without
 * ../shared still runs the tests; when ../shared/SPEC.md is there, its table must be exactly the
 * copy (`sharedSpecTable()` is compared with `fixtureTable()` by the tests).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CALLS, type CallName, type HttpMethod } from '@src/api/calls';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const FIXTURE_PATH = resolve(ROOT, 'test/fixtures/spec-call-table.md');
export const SHARED_SPEC_PATH = resolve(ROOT, '../shared/SPEC.md');

const HEADER = '| Method | Path | Payload |';

/** The table's lines (header, rule, rows) as they stand in `text`, from its header row on. */
function tableLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const start = lines.indexOf(HEADER);
  if (start < 0) throw new Error(`no call table (${HEADER}) found`);
  const out: string[] = [];
  for (let i = start; i < lines.length && lines[i]!.startsWith('|'); i++) out.push(lines[i]!);
  return out;
}

/** Section 7 of SPEC.md (from its heading to the next section). */
function sectionSeven(spec: string): string {
  const start = spec.indexOf('\n## 7.');
  if (start < 0) throw new Error('SPEC.md has no section 7');
  const end = spec.indexOf('\n## ', start + 1);
  return spec.slice(start, end < 0 ? undefined : end);
}

export function fixtureTable(): string[] {
  return tableLines(readFileSync(FIXTURE_PATH, 'utf8'));
}

/** The table of ../shared/SPEC.md section 7, or undefined when that file is not there. */
export function sharedSpecTable(): string[] | undefined {
  if (!existsSync(SHARED_SPEC_PATH)) return undefined;
  return tableLines(sectionSeven(readFileSync(SHARED_SPEC_PATH, 'utf8')));
}

export interface SpecRow {
  readonly method: HttpMethod;
  /** The path as listed, less a trailing note in parentheses ("/v3/config/web (deadpool)"). */
  readonly path: string;
  readonly payload: string;
  /** The row as written. */
  readonly line: string;
}

function parseRows(lines: readonly string[]): SpecRow[] {
  return lines.slice(2).map((line) => {
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 3) throw new Error(`not a row of three cells: ${line}`);
    const [method, path, payload] = cells as [string, string, string];
    if (!['GET', 'POST', 'PUT', 'DELETE'].includes(method)) throw new Error(`method: ${line}`);
    return {
      method: method as HttpMethod,
      path: path.replace(/\s*\(.*\)\s*$/, ''),
      payload,
      line,
    };
  });
}

/** The spec's rows (from the repository's copy). */
export const SPEC_ROWS: readonly SpecRow[] = parseRows(fixtureTable());

/** The call-table keys whose method and path are the row's. */
export function callsFor(row: SpecRow): CallName[] {
  return (Object.keys(CALLS) as CallName[]).filter(
    (n) => CALLS[n].method === row.method && CALLS[n].path === row.path,
  );
}
