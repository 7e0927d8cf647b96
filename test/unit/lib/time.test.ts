import { describe, expect, it } from 'vitest';
import { formatTime, toMillis } from '@src/lib/time';

describe('toMillis', () => {
  it.each([
    [1732150000123, 1732150000123],
    ['1732150000123', 1732150000123],
    [1732150000, 1732150000000], // 10 digits: seconds
    ['1732150000', 1732150000000],
    ['1732150000.123456', 1732150000123], // REST time_now
    [1732150000.5, 1732150000500],
    ['999', 999000], // short: seconds
    [0, 0],
    ['0', 0],
    ['0001732150000', 1732150000000], // leading zeros do not make it milliseconds
    [' 1732150000123 ', 1732150000123],
  ] as const)('%j → %i', (input, ms) => {
    expect(toMillis(input)).toBe(ms);
  });

  it.each([
    [undefined],
    [null],
    [''],
    ['abc'],
    ['-1'],
    [-5],
    [NaN],
    [Infinity],
    ['1e12'],
    ['99999999999999999999'],
  ])('%j is not a timestamp', (input) => {
    expect(toMillis(input as string)).toBeUndefined();
  });
});

describe('formatTime', () => {
  it('defaults to YYYY-MM-DD HH:mm:ss', () => {
    expect(formatTime('1732150000123', undefined, { utc: true })).toBe('2024-11-21 00:46:40');
  });

  it('reads seconds and milliseconds alike', () => {
    expect(formatTime(1732150000, undefined, { utc: true })).toBe('2024-11-21 00:46:40');
    expect(formatTime('1732150000', undefined, { utc: true })).toBe('2024-11-21 00:46:40');
  });

  it('uses the viewer time zone by default', () => {
    const ms = 1732150000123;
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    expect(formatTime(ms)).toBe(local);
  });

  it('takes other formats', () => {
    expect(formatTime(1732150000123, 'HH:mm:ss.SSS', { utc: true })).toBe('00:46:40.123');
  });

  it('shows a placeholder for anything else', () => {
    expect(formatTime(undefined)).toBe('--');
    expect(formatTime('soon')).toBe('--');
    expect(formatTime('', undefined, { placeholder: '' })).toBe('');
  });
});
