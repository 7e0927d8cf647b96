import { Button, CopyButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './records.module.css';

/** A transaction hash cut to its ends (`0x3f9a2c…8be41d`): enough to tell two apart at a glance. */
function shortTxId(txId: string): string {
  return txId.length <= 16 ? txId : `${txId.slice(0, 8)}…${txId.slice(-6)}`;
}

/**
 * A record's transaction id on its chain: shortened, the whole id in the tooltip and copied by
 * the button (whose name begins with its visible word, WCAG 2.5.3). A withdrawal not yet sent has
 * none.
 */
export function TxId({ txId }: { txId: string }) {
  const { t } = useTranslation('user-assets');
  if (!txId) {
    return (
      <Text span size="sm" c="dimmed">
        {t('money.records.noTxId')}
      </Text>
    );
  }
  const short = shortTxId(txId);
  return (
    <Group gap={6} wrap="nowrap">
      <span dir="ltr" title={txId} className={classes.mono}>
        {short}
      </span>
      <CopyButton value={txId}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={copy}
            aria-label={copied ? undefined : t('money.records.copyTxId', { txId: short })}
          >
            {copied ? t('money.common.copied') : t('money.records.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
