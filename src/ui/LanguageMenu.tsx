import { Button, Menu, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useChangeLanguage } from './hooks';
import { useServices } from '../facade';
import {
  LANGUAGE_NAMES,
  LANGUAGES,
  PSEUDO_LANGUAGE,
  PSEUDO_LANGUAGE_NAME,
  type Language,
} from '../i18n/languages';
import { currentLangAtom } from '../facade';
import { GlobeIcon } from './icons';
import classes from './language-menu.module.css';

const nameOf = (lng: string) =>
  lng === PSEUDO_LANGUAGE ? PSEUDO_LANGUAGE_NAME : (LANGUAGE_NAMES[lng as Language] ?? lng);

/** Brings the current language into view when the (scrolling) list opens. */
const scrollIntoList = (el: HTMLElement | null) => el?.scrollIntoView?.({ block: 'nearest' });

/**
 * The language picker; every entry is labelled in its own language (and `lang`-tagged). It opens
 * with focus on the current language; arrows move, typing a name's first letters jumps to it
 * (Mantine's menu type-ahead).
 */
export function LanguageMenu() {
  const { t } = useTranslation('user-assets');
  const current = useAtomValue(currentLangAtom);
  const change = useChangeLanguage();
  const { allowPseudo } = useServices();
  const options: string[] = allowPseudo ? [...LANGUAGES, PSEUDO_LANGUAGE] : [...LANGUAGES];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<GlobeIcon />}
          classNames={{ root: classes.button, section: classes.icon }}
          aria-label={t('shell.language.label', { language: nameOf(current) })}
        >
          {/* Narrow screens show the globe only, in a square button like the header's other icon
              buttons; the accessible name still says the language. */}
          <Text span lang={current} visibleFrom="sm" inherit>
            {nameOf(current)}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('shell.language.menu')}</Menu.Label>
        {options.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng === PSEUDO_LANGUAGE ? 'en' : lng}
            aria-current={lng === current ? 'true' : undefined}
            // Opening the menu focuses the current language (and scrolls it into the list's view).
            data-autofocus={lng === current || undefined}
            ref={lng === current ? scrollIntoList : undefined}
            fw={lng === current ? 700 : undefined}
            onClick={() => void change(lng)}
          >
            {nameOf(lng)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
