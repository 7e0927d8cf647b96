import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MoonIcon, SunIcon } from './icons';

/** Switches light/dark; Mantine persists it through the root-marker manager (color-scheme.ts). */
export function ThemeToggle() {
  const { t } = useTranslation('user-assets');
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const label = t('shell.theme.darkMode');
  return (
    <Tooltip label={dark ? t('shell.theme.switchToLight') : t('shell.theme.switchToDark')}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        aria-pressed={dark}
        onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      >
        {dark ? <SunIcon /> : <MoonIcon />}
      </ActionIcon>
    </Tooltip>
  );
}
