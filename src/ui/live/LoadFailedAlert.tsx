import { Alert, Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A section whose first load failed: the title, what went wrong and a Retry button, as an alert
 * (the section's own request failed, not the live connection). Shared by the REST sections
 * (ResourceState) and the records screen.
 */
export function LoadFailedAlert({ text, onRetry }: { text: string; onRetry: () => void }) {
  const { t } = useTranslation('user-assets');
  return (
    <Alert role="alert" color="red" variant="light" title={t('live.loadFailedTitle')}>
      <Text size="sm" mb="xs">
        {text}
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Alert>
  );
}
