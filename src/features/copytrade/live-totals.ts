/** Live figures over positions: unrealised PnL at the latest live quotes. */
import { atom, useAtomValue, type Atom } from 'jotai';
import { useMemo } from 'react';
import { forEachChange, parsePositionKey, perStream, useStreamAtoms } from '../../facade';
import type { Position, StreamAtoms, Ticker } from '../../facade';
import { DecimalSum } from '../../lib/money';
import { positionPnl } from './pnl';

/** What the sums read at one store write. */
interface Book {
  rows: ReadonlyMap<string, Position>;
  tickers: ReadonlyMap<string, Ticker>;
  live: ReadonlySet<string>;
}

/** The ledger's figures after a store write (a new object only when one of them changed). */
interface PnlView {
  /** The sum of every position's live unrealised PnL. */
  readonly total: string;
  /** One position's live PnL (undefined: unknown, left out of the sums). */
  pnlOf(key: string): string | undefined;
}

/**
 * Every position's live PnL and their total, kept up to date incrementally. A store write (once a
 * frame under load) re-values only the positions whose row changed (by identity: the reducers keep
 * untouched rows) or whose symbol's live mark price changed, and moves the total by their
 * difference. Before, a derived atom per position and a sum over 1 000 of them made Jotai walk
 * 1 000 dependencies and add 1 000 decimals again on every write: most of the store write's
 * time in the browser benchmark's heavy scenario (docs/performance.md).
 */
class PnlLedger {
  private book: Book = { rows: new Map(), tickers: new Map(), live: new Set() };
  private readonly pnl = new Map<string, string | undefined>();
  private readonly symbolOf = new Map<string, string>();
  /** Keys of the positions of each symbol, and the live mark each was last valued at. */
  private readonly bySymbol = new Map<string, { keys: Set<string>; mark: string | undefined }>();
  private readonly sum = new DecimalSum();
  private view: PnlView = this.makeView();

  update(next: Book): PnlView {
    const prev = this.book;
    if (next.rows === prev.rows && next.tickers === prev.tickers && next.live === prev.live) {
      return this.view;
    }
    this.book = next;
    let changed = false;
    if (next.tickers !== prev.tickers || next.live !== prev.live) {
      for (const [symbol, group] of this.bySymbol) {
        const mark = this.markOf(symbol);
        if (mark === group.mark) continue;
        group.mark = mark;
        for (const key of group.keys) changed = this.value(key, next.rows.get(key)) || changed;
      }
    }
    // Only the rows the write replaced: the chunks it copied, not all 1 000 (about 1 % of the
    // heavy benchmark's main thread went to reading every row at every write).
    forEachChange(prev.rows, next.rows, (key, p) => {
      changed = this.value(key, p) || changed;
    });
    if (changed) this.view = this.makeView();
    return this.view;
  }

  private markOf(symbol: string): string | undefined {
    const { live, tickers } = this.book;
    return live.has(symbol) ? tickers.get(symbol)?.markPrice : undefined;
  }

  /** Values position `key` (gone: undefined); true when its PnL changed. */
  private value(key: string, p: Position | undefined): boolean {
    let symbol = this.symbolOf.get(key);
    if (p && symbol === undefined) {
      symbol = parsePositionKey(key).symbol;
      this.symbolOf.set(key, symbol);
      let group = this.bySymbol.get(symbol);
      if (!group)
        this.bySymbol.set(symbol, (group = { keys: new Set(), mark: this.markOf(symbol) }));
      group.keys.add(key);
    }
    const before = this.pnl.get(key);
    let after: string | undefined;
    if (p) {
      after = positionPnl(p, this.bySymbol.get(symbol as string)?.mark);
      this.pnl.set(key, after);
    } else if (symbol !== undefined) {
      this.pnl.delete(key);
      this.symbolOf.delete(key);
      const group = this.bySymbol.get(symbol);
      group?.keys.delete(key);
      if (group?.keys.size === 0) this.bySymbol.delete(symbol);
    }
    if (before === after) return false;
    this.sum.replace(before, after);
    return true;
  }

  private makeView(): PnlView {
    const pnl = this.pnl;
    return { total: this.sum.toString(), pnlOf: (key) => pnl.get(key) };
  }
}

/** The ledger of a store's stream atoms: two dependencies, whatever the number of positions. */
const ledgerAtom = perStream((atoms): Atom<PnlView> => {
  const ledger = new PnlLedger();
  return atom((get) => {
    const state = get(atoms.streamStateAtom);
    return ledger.update({
      rows: state['copytrade.position'].rows,
      tickers: state.tickers,
      live: get(atoms.liveQuoteSymbolsAtom),
    });
  });
});

/** The sum of every position's live unrealised PnL (quote coin, decimal string). */
const unrealisedTotalAtom = perStream((atoms): Atom<string> => {
  const ledger = ledgerAtom(atoms);
  return atom((get) => get(ledger).total);
});

/**
 * The live PnL of a fixed set of positions, kept like the ledger's total: at each new view only
 * the positions whose PnL string changed move the sum. Adding up the group from scratch at every
 * store write (a BigInt per position) was the largest allocation of (b)'s page: about 12 % of the
 * bytes it allocated (heap sampling, 2026-11-27, docs/performance.md).
 */
class GroupSum {
  private readonly pnl = new Map<string, string>();
  private readonly sum = new DecimalSum();
  private seen: PnlView | undefined;
  private total = '0';

  constructor(private readonly keys: readonly string[]) {}

  read(view: PnlView): string {
    if (view === this.seen) return this.total;
    this.seen = view;
    let changed = false;
    for (const key of this.keys) {
      const before = this.pnl.get(key);
      const after = view.pnlOf(key);
      if (before === after) continue;
      this.sum.replace(before, after);
      if (after === undefined) this.pnl.delete(key);
      else this.pnl.set(key, after);
      changed = true;
    }
    if (changed) this.total = this.sum.toString();
    return this.total;
  }
}

/** The live unrealised PnL of some positions together (a leader's group). */
function positionsPnlAtom(atoms: StreamAtoms, keys: readonly string[]): Atom<string> {
  const ledger = ledgerAtom(atoms);
  const group = new GroupSum(keys);
  return atom((get) => group.read(get(ledger)));
}

export function useUnrealisedTotal(): string {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => unrealisedTotalAtom(atoms), [atoms]));
}

export function usePositionsPnl(keys: readonly string[]): string {
  const atoms = useStreamAtoms();
  return useAtomValue(useMemo(() => positionsPnlAtom(atoms, keys), [atoms, keys]));
}
