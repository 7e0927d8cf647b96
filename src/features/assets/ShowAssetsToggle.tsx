import { ActionIcon, Tooltip } from '@mantine/core';
import { useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenApi } from '../../facade';
import { errorMessage } from '../../i18n/error-message';
import { showAssetsAtom } from '../../facade';
import { showToast } from '../../ui/notifications';
import { EyeIcon, EyeOffIcon } from '../../ui/icons';
import { setShowAssets } from './show-assets';

/**
 * Hides or shows every amount on every screen (a pressed toggle = hidden). Applied at once,
 * saved to the preferences; a failed save puts it back and says so.
 */
export function ShowAssetsToggle() {
  const { t } = useTranslation('user-assets');
  const store = useStore();
  const api = useScreenApi();
  const shown = useAtomValue(showAssetsAtom);
  const toggle = useCallback(() => {
    setShowAssets(store, api.savePreferences, !shown).catch((err: unknown) =>
      showToast(t('assets.showAssets.saveFailed', { reason: errorMessage(t, err) }), {
        tone: 'error',
      }),
    );
  }, [store, api, shown, t]);
  return (
    <Tooltip
      label={shown ? t('assets.showAssets.tooltipHide') : t('assets.showAssets.tooltipShow')}
    >
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={t('assets.showAssets.label')}
        aria-pressed={!shown}
        onClick={toggle}
      >
        {shown ? <EyeIcon /> : <EyeOffIcon />}
      </ActionIcon>
    </Tooltip>
  );
}
