import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ScreenFrame } from '../ui/ScreenFrame';

/** Unknown addresses. */
export default function NotFoundPage() {
  const { t } = useTranslation('user-assets');
  return (
    <ScreenFrame title={t('meta.notFound.title')}>
      <Text>{t('notFound.body')}</Text>
      <Anchor component={Link} to="/">
        {t('notFound.home')}
      </Anchor>
    </ScreenFrame>
  );
}
