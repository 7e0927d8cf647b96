import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../app/ScreenFrame';

/**
 * The leader's wallet and the income from followers.
 * Route entry and heading only for now: the live tables arrive with the screens issue.
 */
export default function LeaderScreen() {
  const { t } = useTranslation('user-assets');
  return <ScreenFrame title={t('meta.leader.title')} />;
}
