import { act, screen } from '@testing-library/react';
import { atom, createStore, useAtomValue } from 'jotai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferencesAtom, showAssetsAtom } from '@src/state/client';
import { Amount, useAmountFormat } from '@src/ui/amount/Amount';
import { FLASH_MIN_INTERVAL_MS } from '@src/ui/flash/use-flash';
import { renderWithProviders } from '../test-utils';

const valueAtom = atom('100');
/** An Amount whose value the test changes through the store (providers stay mounted). */
function Bound({ tone }: { tone?: 'pnl' }) {
  return <Amount value={useAtomValue(valueAtom)} coin="USDT" tone={tone} />;
}

function Probe({ value }: { value: string }) {
  const format = useAmountFormat();
  const shown = useAtomValue(showAssetsAtom);
  return (
    <p>
      {format('e8', value, { coin: 'USDT' })} {String(shown)}
    </p>
  );
}

const storeWith = (value: string) => {
  const store = createStore();
  store.set(valueAtom, value);
  return store;
};

describe('<Amount>', () => {
  afterEach(() => vi.restoreAllMocks());

  it('formats, keeps numbers left to right, and tones PnL with its sign', async () => {
    await renderWithProviders(
      <>
        <Amount value="-12345678" coin="USDT" tone="pnl" />
        <Amount value="12345678" coin="USDT" />
        <Amount kind="price" value="64000.5" />
      </>,
    );
    // a PnL is rounded to the nearest, a balance down (src/lib/money.ts FIGURE_ROUNDING)
    expect(screen.getByText('0.1234')).not.toHaveAttribute('data-tone');
    const pnl = screen.getByText('-0.1235');
    expect(pnl).toHaveAttribute('dir', 'ltr');
    expect(pnl).toHaveAttribute('data-tone', 'down');
    expect(screen.getByText('64,000.5')).toBeInTheDocument();
  });

  it('masks amounts (not prices) when assets are hidden, without colour or flash', async () => {
    const { store } = await renderWithProviders(<Bound tone="pnl" />);
    act(() => {
      store.set(valueAtom, '100000000');
      store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' });
    });
    const masked = screen.getByText('****');
    expect(masked).not.toHaveAttribute('data-tone');
    // Read as one word, not "star star star star".
    expect(screen.getByRole('img', { name: 'Hidden' })).toBe(masked);
    act(() => store.set(valueAtom, '200000000'));
    expect(screen.getByText('****')).not.toHaveAttribute('data-flash');
  });

  it('flashes up or down on change, not on mount', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { store } = await renderWithProviders(<Bound />, { store: storeWith('100') });
    const el = screen.getByText('0.0000');
    expect(el).not.toHaveAttribute('data-flash');
    act(() => store.set(valueAtom, '200000'));
    expect(screen.getByText('0.0020')).toHaveAttribute('data-flash', 'up');
    now += FLASH_MIN_INTERVAL_MS;
    act(() => store.set(valueAtom, '100000'));
    expect(screen.getByText('0.0010')).toHaveAttribute('data-flash', 'down');
    // the same element: the flash is on the node, nothing was re-created
    expect(screen.getByText('0.0010')).toBe(el);
  });

  it('colours a PnL by the figure shown: a loss that rounds to zero is neither red nor signed', async () => {
    const { store } = await renderWithProviders(<Bound tone="pnl" />, {
      store: storeWith('-4000'),
    });
    // -0.00004 USDT at 4 decimals
    const el = screen.getByText('0.0000');
    expect(el).toHaveAttribute('data-tone', 'flat');
    act(() => store.set(valueAtom, '-10000'));
    expect(screen.getByText('-0.0001')).toHaveAttribute('data-tone', 'down');
    act(() => store.set(valueAtom, '4999'));
    expect(screen.getByText('0.0000')).toHaveAttribute('data-tone', 'flat');
    // +0.00005: a tie, rounded away from zero
    act(() => store.set(valueAtom, '5000'));
    expect(screen.getByText('+0.0001')).toHaveAttribute('data-tone', 'up');
  });

  it('flashes a ticking value at most once a second, and only when its text changes', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { store } = await renderWithProviders(<Bound tone="pnl" />, {
      store: storeWith('100000000'),
    });
    const el = screen.getByText('+1.0000');
    let flashes = 0;
    const set = el.setAttribute.bind(el);
    vi.spyOn(el, 'setAttribute').mockImplementation((name, value) => {
      if (name === 'data-flash') flashes++;
      set(name, value);
    });
    // below the fourth decimal: the text stays, nothing flashes
    act(() => store.set(valueAtom, '100000001'));
    expect(flashes).toBe(0);
    // a tick every 200 ms for 2 s: two flashes, not ten
    for (let i = 1; i <= 10; i++) {
      now += 200;
      act(() => store.set(valueAtom, String(100000000 + i * 100000)));
    }
    expect(flashes).toBe(2);
    expect(el).toHaveTextContent('+1.0100');
    expect(el).toHaveAttribute('data-tone', 'up'); // the colour by sign stays
  });

  it('does not flash when the user prefers reduced motion', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('prefers-reduced-motion'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    const { store } = await renderWithProviders(<Bound />, { store: storeWith('100') });
    act(() => store.set(valueAtom, '200000'));
    expect(screen.getByText('0.0020')).not.toHaveAttribute('data-flash');
  });

  it('gives the same text as a function (charts, summaries)', async () => {
    const { store } = await renderWithProviders(<Probe value="150000000" />);
    expect(screen.getByText('1.5000 true')).toBeInTheDocument();
    act(() => store.set(preferencesAtom, { showAssets: 0, homeTradingPageUserGuide: 'hide' }));
    expect(screen.getByText('**** false')).toBeInTheDocument();
  });
});
