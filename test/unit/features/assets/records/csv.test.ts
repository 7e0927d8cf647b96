import { describe, expect, it } from 'vitest';
import { csvCell, recordsCsv, toCsv } from '@src/features/assets/records/csv';

describe('records CSV', () => {
  it('quotes every cell and doubles the quotes inside', () => {
    expect(csvCell('USDT')).toBe('"USDT"');
    expect(csvCell('')).toBe('""');
    expect(csvCell('say "hi", then\r\nleave')).toBe('"say ""hi"", then\r\nleave"');
  });

  it('keeps a cell that a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    for (const start of ['+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}cmd`)).toBe(`"'${start}cmd"`);
    }
    expect(csvCell('-1.5')).toBe('"-1.5"');
    expect(csvCell('1200.00000000')).toBe('"1200.00000000"');
    expect(csvCell('-')).toBe('"\'-"');
  });

  it('starts with a byte order mark and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['Coin', 'Amount'],
        [
          ['BTC', '0.5'],
          ['存款', '1'],
        ],
      ),
    ).toBe('\uFEFF"Coin","Amount"\r\n"BTC","0.5"\r\n"存款","1"\r\n');
    expect(toCsv(['Coin'], [])).toBe('\uFEFF"Coin"\r\n');
  });

  it('writes the columns of each record in order', () => {
    const csv = recordsCsv(
      [
        { label: 'Id', value: (r: { id: string; n: number }) => r.id },
        { label: 'Twice', value: (r) => String(r.n * 2) },
      ],
      [
        { id: 'a', n: 1 },
        { id: 'b', n: 2 },
      ],
    );
    expect(csv).toBe('\uFEFF"Id","Twice"\r\n"a","2"\r\n"b","4"\r\n');
  });
});
