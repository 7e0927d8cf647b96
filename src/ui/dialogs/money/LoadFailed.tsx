import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** What a money form shows when what it needs (coin-info) could not be loaded: say so, retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('user-assets');
  return (
    <Alert color="red" role="alert">
      {t('money.common.loadFailed')}{' '}
      <Button size="compact-xs" variant="subtle" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
