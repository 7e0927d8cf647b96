import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  List,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  configsAtom,
  currentLangAtom,
  depositAccountOf,
  useScreenApi,
  type DepositRecord,
} from '../../facade';
import { errorMessage } from '../../i18n/error-message';
import { Amount, useAmountFormat } from '../amount/Amount';
import { formatAmount } from '../amount/format-amount';
import { LtrText } from '../amount/LtrText';
import { useResource } from '../live/use-resource';
import { Spinner } from '../Spinner';
import { DialogActions } from './DialogActions';
import { DepositAccountChoice } from './money/DepositAccountChoice';
import { depositStatus } from './money/deposit-status';
import { accountLabel, statusColor, statusLabel } from './money/labels';
import { QrCode } from './money/QrCode';
import type { DialogBodyProps } from './registry';
import { LoadFailed } from './money/LoadFailed';

/** How often the deposits shown here are re-read while the dialog is open (docs/assets.md). */
export const DEPOSIT_POLL_MS = 3000;
/** The newest deposits listed under the address. */
const RECENT = 5;

/**
 * Deposit: coin and network (coin-info), the user's address for them with its tag where the
 * network needs one, copy buttons and a QR code, the minimum and the confirmations needed, the
 * account it will be credited to, and the deposits on the way with their confirmations.
 */
export default function DepositDialog({ props, close }: DialogBodyProps<'deposit'>) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const { deposit_to: depositToConfig } = useAtomValue(configsAtom);
  const loadCoins = useCallback(() => api.money.coinInfo(), [api]);
  const coins = useResource(loadCoins);
  const loadOverview = useCallback(() => api.assetOverview(), [api]);
  const overview = useResource(loadOverview);
  const list = coins.state.status === 'ready' ? coins.state.data.list : undefined;
  const depositable = (list ?? []).filter((c) => c.chains.some((ch) => ch.depositEnabled));
  const [coin, setCoin] = useState(props.coin ?? 'USDT');
  const coinInfo = depositable.find((c) => c.coin === coin);
  const chains = coinInfo?.chains.filter((ch) => ch.depositEnabled) ?? [];
  const [chainPick, setChain] = useState<string | undefined>(props.chain);
  const chain = chains.find((c) => c.chain === chainPick) ?? chains[0];
  const language = useAtomValue(currentLangAtom);

  // Until the overview answers (or if it fails), the saved config says where deposits go; the
  // choice needs the overview's unified status (which accounts may be chosen).
  const ready = overview.state.status === 'ready' ? overview.state.data : undefined;
  const creditedTo = depositAccountOf(
    ready?.depositTo ?? depositToConfig,
    ready?.unified.upgraded ?? false,
  );

  if (!list) {
    return coins.state.status === 'error' ? (
      <LoadFailed onRetry={coins.reload} />
    ) : (
      <Spinner size="small" label={t('money.common.loading')} />
    );
  }

  return (
    <Stack gap="sm">
      {/* side by side from 376 px of dialog; stacked on a phone, where half a row cut the coin's
          name ("USDT · Tether U") */}
      <Group grow preventGrowOverflow={false} align="flex-start" wrap="wrap">
        <Select
          label={t('money.common.coin')}
          data={depositable.map((c) => ({ value: c.coin, label: `${c.coin} · ${c.name}` }))}
          value={coinInfo ? coin : null}
          onChange={(v) => {
            if (!v) return;
            setCoin(v);
            setChain(undefined);
          }}
          allowDeselect={false}
          searchable
          miw={180}
        />
        <Select
          label={t('money.common.chain')}
          data={chains.map((c) => ({ value: c.chain, label: c.name }))}
          value={chain?.chain ?? null}
          onChange={(v) => v && setChain(v)}
          allowDeselect={false}
          miw={180}
        />
      </Group>
      {coinInfo && chain && (
        <AddressPanel
          key={`${coin}/${chain.chain}`}
          coin={coin}
          chain={chain.chain}
          needTag={chain.needTag}
        />
      )}
      {chain && (
        <List size="sm" spacing={2} listStyleType="none">
          <List.Item>
            {/* a term of the network, as the withdraw dialog writes its minimum: the coin's
                decimals, rounded up (never shown smaller than it is), not masked */}
            {t('money.deposit.minimum')}:{' '}
            <LtrText>
              {formatAmount('decimal', chain.minDeposit, { coin, figure: 'minimum', language })}
            </LtrText>{' '}
            {coin}
          </List.Item>
          <List.Item>
            {t('money.deposit.confirmations')}: <LtrText>{String(chain.confirmations)}</LtrText>
          </List.Item>
          {!ready && (
            <List.Item>
              {t('money.deposit.creditedTo')}: <strong>{accountLabel(t, creditedTo)}</strong>
            </List.Item>
          )}
        </List>
      )}
      {ready && <DepositAccountChoice saved={creditedTo} upgraded={ready.unified.upgraded} />}
      {/* a standing warning, read in its place: not an alert announced on every opening */}
      <Alert color="yellow" variant="light" role="note">
        {t('dialogs.deposit.networkWarning')}
      </Alert>
      <PendingDeposits key={coin} coin={coin} />
      <DialogActions confirmLabel={t('common.close')} onConfirm={close} />
    </Stack>
  );
}

function AddressPanel({ coin, chain, needTag }: { coin: string; chain: string; needTag: boolean }) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const load = useCallback(() => api.money.depositAddress({ coin, chain }), [api, coin, chain]);
  const { state, reload } = useResource(load);
  if (state.status !== 'ready') {
    return state.status === 'error' ? (
      <LoadFailed onRetry={reload} message={t('money.deposit.addressFailed')} />
    ) : (
      <Spinner size="small" label={t('money.common.loading')} />
    );
  }
  const { address, tag } = state.data;
  return (
    <Stack gap="xs">
      <Group align="flex-start" wrap="wrap" gap="md">
        <QrCode value={address} label={t('money.deposit.qr', { coin })} />
        {/* Beside the QR code when 11rem are left for it, else below it: narrower, the copy
            button's label ran past the dialog's padding (de-DE at 375 px). */}
        <Stack gap={4} style={{ flex: '1 1 11rem', minWidth: 0 }}>
          <Text size="sm" c="dimmed" id="deposit-address-label">
            {t('dialogs.deposit.addressLabel')}
          </Text>
          <Text
            aria-labelledby="deposit-address-label"
            ff="monospace"
            dir="ltr"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="deposit-address"
          >
            {address}
          </Text>
          <CopyButton value={address}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="light" onClick={copy} w="fit-content">
                {copied ? t('money.common.copied') : t('money.deposit.copyAddress')}
              </Button>
            )}
          </CopyButton>
          {tag && (
            <>
              <Text size="sm" c="dimmed" id="deposit-tag-label" mt="xs">
                {t('money.deposit.tag')}
              </Text>
              <Text aria-labelledby="deposit-tag-label" ff="monospace" dir="ltr">
                {tag}
              </Text>
              <CopyButton value={tag}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="light" onClick={copy} w="fit-content">
                    {copied ? t('money.common.copied') : t('money.deposit.copyTag')}
                  </Button>
                )}
              </CopyButton>
            </>
          )}
        </Stack>
      </Group>
      {needTag && (
        <Alert color="red" variant="light" role="note" title={t('money.deposit.tagTitle')}>
          {t('money.deposit.tagWarning')}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * The newest deposits of the coin, re-read every 3 s while the dialog is open: the user opens it
 * to wait for one, so a delivered deposit appears (pending 0/N) and counts its confirmations up.
 */
function PendingDeposits({ coin }: { coin: string }) {
  const { t } = useTranslation('user-assets');
  const format = useAmountFormat();
  const api = useScreenApi();
  const [rows, setRows] = useState<DepositRecord[] | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      api.money.depositList({ coin, limit: RECENT }).then(
        (page) => {
          if (!alive) return;
          setRows(page.list);
          setError(undefined);
          timer = setTimeout(run, DEPOSIT_POLL_MS);
        },
        (err: unknown) => {
          if (!alive) return;
          setError(errorMessage(t, err));
          timer = setTimeout(run, DEPOSIT_POLL_MS);
        },
      );
    };
    run();
    return () => {
      alive = false;
      if (timer) clearTimeout(timer);
    };
  }, [api, coin, t]);

  const pending = rows?.filter((r) => r.status === 'pending') ?? [];
  return (
    <section aria-labelledby="deposit-pending-title">
      <Text fw={600} size="sm" id="deposit-pending-title">
        {t('money.deposit.pendingTitle')}
      </Text>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {rows === undefined && !error && <Spinner size="small" label={t('money.common.loading')} />}
      {rows !== undefined && pending.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('money.deposit.noPending')}
        </Text>
      )}
      <Stack gap={6} mt={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {pending.map((r) => {
          const shown = depositStatus(r);
          return (
            <li
              key={r.id}
              aria-label={t('money.deposit.pendingItem', {
                amount: format('decimal', r.amount, { coin: r.coin }),
                coin: r.coin,
              })}
            >
              {/* The status below the amount when both do not fit: a badge cut with an ellipsis
                hid "Gutschrift ausstehend" (de-DE) at 375 px. */}
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">
                  <Amount kind="decimal" value={r.amount} coin={r.coin} flash={false} /> {r.coin} ·{' '}
                  {r.chain}
                </Text>
                <Badge color={statusColor(shown)} variant="light" style={{ flexShrink: 0 }}>
                  {statusLabel(t, shown)}
                </Badge>
              </Group>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="xs" c="dimmed">
                  {t('money.deposit.confirmationsOf', {
                    n: r.confirmations,
                    total: r.requiredConfirmations,
                  })}
                </Text>
                {/* where it lands: the account chosen when it was made (Deposit to, above) */}
                <Text size="xs" c="dimmed">
                  {t('dialogs.transfer.to')}: {accountLabel(t, r.toAccountType)}
                </Text>
              </Group>
              <Progress
                value={(100 * r.confirmations) / Math.max(1, r.requiredConfirmations)}
                size="sm"
                aria-label={t('money.deposit.confirmationsOf', {
                  n: r.confirmations,
                  total: r.requiredConfirmations,
                })}
              />
              {shown === 'awaiting' && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t('money.deposit.awaitingCredit')}
                </Text>
              )}
            </li>
          );
        })}
      </Stack>
    </section>
  );
}
