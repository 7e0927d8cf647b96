import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSignedInAtom } from '../state/client';
import { LanguageMenu } from '../ui/LanguageMenu';
import { ScreenFrame } from '../ui/ScreenFrame';
import { ThemeToggle } from '../ui/ThemeToggle';

/**
 * Unknown addresses. Signed in, the shell's header frames it and the link goes to the user's
 * screen; signed out there is no header, so the page offers language and theme itself (as the
 * sign-in page does) and the link goes to the sign-in.
 */
export default function NotFoundPage() {
  const { t } = useTranslation('user-assets');
  const signedIn = useAtomValue(isSignedInAtom);
  return (
    <Stack gap="md" maw={signedIn ? undefined : 720} mx={signedIn ? undefined : 'auto'}>
      {!signedIn && (
        <Group justify="space-between" gap="xs">
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
          <Group gap="xs">
            <LanguageMenu />
            <ThemeToggle />
          </Group>
        </Group>
      )}
      <ScreenFrame title={t('meta.notFound.title')}>
        <Text>{t('notFound.body')}</Text>
        {signedIn ? (
          <Anchor component={Link} to="/">
            {t('notFound.home')}
          </Anchor>
        ) : (
          <Anchor component={Link} to="/login">
            {t('notFound.signIn')}
          </Anchor>
        )}
      </ScreenFrame>
    </Stack>
  );
}
