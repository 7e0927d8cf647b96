/**
 * Timestamps for display. Servers send milliseconds (`...E3` strings or numbers) and sometimes
 * seconds ("1732150000", "1732150000.123456"): 10 integer digits or fewer means seconds.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

const DEFAULT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
/** Integer digits up to which a timestamp is read as seconds. */
const SECONDS_MAX_DIGITS = 10;

const NUMERIC = /^(\d+)(?:\.(\d*))?$/;

/** Milliseconds since the epoch, or undefined for anything that is not a timestamp. */
export function toMillis(ts: number | string | null | undefined): number | undefined {
  if (typeof ts === 'number') {
    if (!Number.isFinite(ts) || ts < 0) return undefined;
    return Math.trunc(ts).toString().length <= SECONDS_MAX_DIGITS
      ? Math.round(ts * 1000)
      : Math.trunc(ts);
  }
  if (typeof ts !== 'string') return undefined;
  const m = NUMERIC.exec(ts.trim());
  if (!m) return undefined;
  const int = (m[1] ?? '').replace(/^0+(?=\d)/, '');
  if (int.length <= SECONDS_MAX_DIGITS) {
    // Seconds: whole milliseconds from the first three fraction digits, without float error.
    const ms = `${int}${((m[2] ?? '') + '000').slice(0, 3)}`;
    return Number(ms);
  }
  const v = Number(int);
  return Number.isSafeInteger(v) ? v : undefined;
}

export interface TimeFormatOptions {
  /** Format in UTC instead of the viewer's time zone. */
  utc?: boolean;
  /** Shown for a missing or malformed timestamp; default '--'. */
  placeholder?: string;
}

/** Formats a timestamp (ms or s, number or string), by default as `YYYY-MM-DD HH:mm:ss`. */
export function formatTime(
  ts: number | string | null | undefined,
  format: string = DEFAULT_TIME_FORMAT,
  opts: TimeFormatOptions = {},
): string {
  const ms = toMillis(ts);
  if (ms === undefined) return opts.placeholder ?? '--';
  const d = opts.utc ? dayjs.utc(ms) : dayjs(ms);
  return d.isValid() ? d.format(format) : (opts.placeholder ?? '--');
}
