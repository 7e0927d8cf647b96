import { Text } from '@mantine/core';
import { atom, useAtomValue, type Atom } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dataOf, perStream, rateAtom, rateByUsdAtom, useStreamAtoms } from '../../facade';
import type { Wallet } from '../../facade';
import { formatTime } from '../../lib/time';
import { Amount } from '../../ui/amount/Amount';
import { Section } from '../../ui/live/Section';
import { StatList } from '../../ui/live/StatList';
import { TopicState } from '../../ui/live/TopicState';
import { usdTotals, type UsdTotals } from './usd';

/** The newest `updatedAtE3` of the wallets (a decimal string of milliseconds), if any says. */
function newestUpdate(wallets: readonly Wallet[]): string | undefined {
  let newest: bigint | undefined;
  for (const { updatedAtE3: at } of wallets) {
    if (at === undefined || !/^\d+$/.test(at)) continue;
    const v = BigInt(at);
    if (newest === undefined || v > newest) newest = v;
  }
  return newest?.toString();
}

type Totals = UsdTotals & { valuedAtE3: string | undefined };

/**
 * Totals of every wallet in USD, recomputed when a wallet or a rate changes, and when the wallet
 * stream last valued them.
 */
const totalsAtom = perStream((atoms): Atom<Totals> =>
  atom((get) => {
    const wallets = get(atoms.walletsAtom);
    return { ...usdTotals(wallets, get(rateByUsdAtom)), valuedAtE3: newestUpdate(wallets) };
  }),
);

/**
 * When the wallet stream last valued these figures. Wallets are valued less often than prices
 * move (the simulator once a second, `--mark-ms`; tickers every 100 ms), so the unrealised PnL
 * here can differ for a moment from the positions' PnL below, which follows the live mark price:
 * the note says which is which.
 */
function WalletAsOf({ at }: { at: string | undefined }) {
  const { t } = useTranslation('user-assets');
  if (at === undefined) return null;
  return (
    <Text size="xs" c="dimmed" mt="xs">
      {t('assets.totals.asOf', { time: formatTime(at, 'HH:mm:ss') })}
    </Text>
  );
}

function RatesNote({ unpriced }: { unpriced: readonly string[] }) {
  const { t } = useTranslation('user-assets');
  const rates = useAtomValue(rateAtom);
  if (rates.status === 'error') {
    return (
      <Text role="status" size="xs" c="yellow.8">
        {rates.data ? t('assets.ratesStale') : t('assets.ratesFailed')}
      </Text>
    );
  }
  if (rates.status !== 'ready') {
    return rates.status === 'pending' && !rates.data ? (
      <Text role="status" size="xs" c="dimmed">
        {t('assets.ratesLoading')}
      </Text>
    ) : null;
  }
  return unpriced.length > 0 ? (
    <Text size="xs" c="dimmed">
      {t('assets.unpriced', { coins: unpriced.join(', ') })}
    </Text>
  ) : null;
}

/** The derivatives account in USD: equity, wallet balance, available and unrealised PnL. */
export function AssetTotals() {
  const { t } = useTranslation('user-assets');
  const atoms = useStreamAtoms();
  const totals = useAtomValue(useMemo(() => totalsAtom(atoms), [atoms]));
  // No rates at all (not loaded yet, or failed before the first answer): no USD figures.
  const hasRates = dataOf(useAtomValue(rateAtom)) !== undefined;
  const usd = (v: string) => (hasRates ? v : undefined);
  return (
    <Section title={t('assets.totals.title')}>
      <TopicState
        topic="wallet"
        empty={false}
        emptyText=""
        loadingText={t('assets.wallets.loading')}
      >
        <StatList
          label={t('assets.totals.title')}
          stats={[
            {
              id: 'equity',
              label: t('assets.totals.equityUsd'),
              value: <Amount kind="usd" value={usd(totals.equity)} />,
            },
            {
              id: 'balance',
              label: t('assets.totals.walletBalanceUsd'),
              value: <Amount kind="usd" value={usd(totals.walletBalance)} />,
            },
            {
              id: 'available',
              label: t('assets.totals.availableUsd'),
              value: <Amount kind="usd" value={usd(totals.available)} />,
            },
            {
              id: 'unrealised',
              label: t('assets.totals.unrealisedPnlUsd'),
              value: <Amount kind="usd" value={usd(totals.unrealisedPnl)} tone="pnl" />,
            },
          ]}
        />
        <WalletAsOf at={totals.valuedAtE3} />
        <RatesNote unpriced={totals.unpriced} />
      </TopicState>
    </Section>
  );
}
