import { Alert, Group, Radio, Stack } from '@mantine/core';
import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  configsAtom,
  DEFAULT_CONFIGS,
  DEPOSIT_TO_KEY,
  depositAccounts,
  useScreenApi,
  type DepositAccount,
} from '../../../facade';
import { errorMessage } from '../../../i18n/error-message';
import { accountLabel } from './labels';

/**
 * "Deposit to": the account new deposits of every coin are credited to, saved as the
 * `deposit_to` page config when chosen. The choice shows at once; saves go one at a time, and a
 * choice made while one is on its way is sent after it (only the last), so the account saved is
 * the one last chosen. A refused save puts back the account saved before and says why. The
 * radios stay enabled while saving: disabling the focused one would drop keyboard focus.
 */
export function DepositAccountChoice({
  saved,
  upgraded,
}: {
  /** The account deposits are credited to now (the overview's `depositTo`). */
  saved: DepositAccount;
  upgraded: boolean;
}) {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const setConfigs = useSetAtom(configsAtom);
  const [shown, setShown] = useState<DepositAccount>(saved);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // What the server holds, and the choice waiting for the save on its way.
  const confirmed = useRef(saved);
  const next = useRef<DepositAccount | undefined>(undefined);
  const sending = useRef(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const send = async (account: DepositAccount): Promise<void> => {
    sending.current = true;
    setBusy(true);
    try {
      const configs = await api.savePrefSetting({ key: DEPOSIT_TO_KEY, value: account });
      confirmed.current = account;
      setConfigs({ ...DEFAULT_CONFIGS, ...configs });
      const queued = next.current;
      next.current = undefined;
      if (queued !== undefined && queued !== account) return await send(queued);
    } catch (err) {
      next.current = undefined;
      if (alive.current) {
        setShown(confirmed.current);
        setError(errorMessage(t, err));
      }
    } finally {
      sending.current = false;
      if (alive.current) setBusy(false);
    }
  };

  const choose = (value: string) => {
    const account = depositAccounts(upgraded).find((a) => a === value);
    if (!account) return;
    setShown(account);
    setError(undefined);
    if (sending.current) next.current = account;
    else if (account !== confirmed.current) void send(account);
  };

  return (
    <Stack gap={4}>
      <Radio.Group
        label={t('money.deposit.depositTo')}
        description={t('money.deposit.depositToHint')}
        value={shown}
        onChange={choose}
        aria-busy={busy}
      >
        <Group gap="md" mt={6} wrap="wrap">
          {depositAccounts(upgraded).map((a) => (
            <Radio key={a} value={a} label={accountLabel(t, a)} />
          ))}
        </Group>
      </Radio.Group>
      {error && (
        <Alert color="red" variant="light" title={t('money.deposit.depositToFailed')}>
          {error}
        </Alert>
      )}
    </Stack>
  );
}
