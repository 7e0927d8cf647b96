import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * What a money form shows when what it needs (coin-info, a deposit address) could not be loaded:
 * say so (`message`, default the coin details), retry.
 */
export function LoadFailed({ onRetry, message }: { onRetry: () => void; message?: string }) {
  const { t } = useTranslation('user-assets');
  return (
    <Alert color="red" role="alert">
      {message ?? t('money.common.loadFailed')}{' '}
      <Button size="compact-xs" variant="subtle" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
