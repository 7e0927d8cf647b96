import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useStreamAtoms, type CopyAccount } from '../../facade';
import {
  e8ToDecimal,
  isScaledString,
  SETTLEMENT_COIN,
  subDecimal,
  sumDecimals,
} from '../../lib/money';
import { Amount } from '../../ui/amount/Amount';
import { Section } from '../../ui/live/Section';
import { StatList } from '../../ui/live/StatList';
import { ConnectionNotice, TopicState } from '../../ui/live/TopicState';
import { useUnrealisedTotal } from './live-totals';

/** An ...E8 amount as a decimal string (undefined when missing or malformed). */
const e8 = (v: string | undefined) => (isScaledString(v) ? e8ToDecimal(v) : undefined);

/**
 * Total assets or income valued at the same live prices as the unrealised PnL beside them, so
 * that the three agree at every instant: assets = wallet balance + unrealised PnL, income =
 * cumulative realised PnL − profit share paid + unrealised PnL (the simulator's and the
 * exchange's definitions, from the account's own fields). Undefined when a field is missing.
 */
function liveAccountFigure(
  acc: { walletE8?: string; cumRealisedPnlE8?: string; shareProfitE8?: string },
  unrealised: string | undefined,
  figure: 'assets' | 'income',
): string | undefined {
  if (unrealised === undefined) return undefined;
  if (figure === 'assets') {
    const wallet = e8(acc.walletE8);
    return wallet === undefined ? undefined : sumDecimals([wallet, unrealised]);
  }
  const realised = e8(acc.cumRealisedPnlE8);
  const share = e8(acc.shareProfitE8);
  return realised === undefined || share === undefined
    ? undefined
    : sumDecimals([subDecimal(realised, share), unrealised]);
}

/**
 * Total assets or income, live: subscribed on its own to the live unrealised total, so that a
 * quote re-renders this figure and not the whole card around it (the card, its labels and the
 * other figures render when the account itself changes). At 2 000 frames a second the card's
 * re-render at every frame cost about 2 % of the main thread (docs/performance.md).
 */
function LiveAccountAmount({ acc, figure }: { acc: CopyAccount; figure: 'assets' | 'income' }) {
  const live = liveAccountFigure(acc, useKnownUnrealised(), figure);
  return figure === 'assets' ? (
    <Amount kind="decimal" value={live ?? e8(acc.assetsE8)} coin={SETTLEMENT_COIN} />
  ) : (
    <Amount kind="decimal" value={live ?? e8(acc.incomeE8)} coin={SETTLEMENT_COIN} tone="pnl" />
  );
}

/** The live unrealised PnL, subscribed on its own (as LiveAccountAmount). */
function LiveUnrealised() {
  return <Amount kind="decimal" value={useKnownUnrealised()} coin={SETTLEMENT_COIN} tone="pnl" />;
}

/**
 * The live unrealised total, undefined before the positions are known (or while their first
 * snapshot fails): the sum of none is no figure, "0.0000" would look real.
 */
function useKnownUnrealised(): string | undefined {
  const { topicStatusAtom } = useStreamAtoms();
  const unrealised = useUnrealisedTotal();
  const positionsKnown = useAtomValue(topicStatusAtom('copytrade.position')).hasData;
  return positionsKnown ? unrealised : undefined;
}

/**
 * The follower's copy-trading account. Total assets, income and unrealised PnL are live (valued
 * at the live prices, agreeing with each other); the yield rate and the available balance are the
 * account's as of its last update (the time closing the list), and say so. Before the positions
 * are known: the account's own figures as of its last update.
 */
export function AccountTotals() {
  const { t } = useTranslation('user-assets');
  const { copyAccountAtom } = useStreamAtoms();
  const acc = useAtomValue(copyAccountAtom);
  return (
    <Section title={t('copyTrade.account.title')}>
      <TopicState
        topic="copytrade.account"
        empty={!acc}
        emptyText={t('copyTrade.account.empty')}
        loadingText={t('copyTrade.account.loading')}
      >
        {acc && (
          <StatList
            label={t('copyTrade.account.title')}
            stats={[
              {
                id: 'assets',
                label: t('copyTrade.account.assetsLive'),
                value: <LiveAccountAmount acc={acc} figure="assets" />,
              },
              {
                id: 'income',
                label: t('copyTrade.account.incomeLive'),
                value: <LiveAccountAmount acc={acc} figure="income" />,
              },
              {
                id: 'yield',
                label: t('copyTrade.account.yieldRateAsOf'),
                value: <Amount kind="percentE4" value={acc.yieldRateE4} tone="pnl" />,
              },
              {
                id: 'unrealised',
                label: t('copyTrade.account.unrealisedPnl'),
                value: (
                  <>
                    <LiveUnrealised />
                    {/* valued at live prices: say when they are not live */}
                    <ConnectionNotice stream="public" compact />
                  </>
                ),
              },
              {
                id: 'available',
                label: t('copyTrade.account.availableAsOf'),
                value: <Amount value={acc.availableE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'wallet',
                label: t('copyTrade.account.wallet'),
                value: <Amount value={acc.walletE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'shareProfit',
                label: t('copyTrade.account.shareProfit'),
                value: <Amount value={acc.shareProfitE8} coin={SETTLEMENT_COIN} />,
              },
              {
                id: 'realised',
                label: t('copyTrade.account.cumRealisedPnl'),
                value: <Amount value={acc.cumRealisedPnlE8} coin={SETTLEMENT_COIN} tone="pnl" />,
              },
            ]}
            updatedAtE3={acc.updatedAtE3}
          />
        )}
      </TopicState>
    </Section>
  );
}
