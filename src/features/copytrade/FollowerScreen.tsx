import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../app/ScreenFrame';

/**
 * Copied positions, orders and account totals of the leaders this user follows.
 * Route entry and heading only for now: the live tables arrive with the screens issue.
 */
export default function FollowerScreen() {
  const { t } = useTranslation('user-assets');
  return <ScreenFrame title={t('meta.copyTrade.title')} />;
}
