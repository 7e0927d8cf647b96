import { useTranslation } from 'react-i18next';
import { ScreenFrame } from '../../app/ScreenFrame';

/**
 * Derivatives wallets, risk and positions of the user.
 * Route entry and heading only for now: the live tables arrive with the screens issue.
 */
export default function DerivativesScreen() {
  const { t } = useTranslation('user-assets');
  return <ScreenFrame title={t('meta.derivatives.title')} />;
}
