import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useStore } from 'jotai';
import { Fragment, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../facade';
import { logIn } from '../../facade';
import { formMessages, validateValue, type Rule } from '../../i18n/form-messages';
import { LanguageMenu } from '../../ui/LanguageMenu';
import { ThemeToggle } from '../../ui/ThemeToggle';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { loginErrors, type LoginErrors } from './login-errors';

const USERNAME_RULES: readonly Rule[] = [{ required: true }, { type: 'string', max: 64 }];
const PASSWORD_RULES: readonly Rule[] = [{ required: true }, { type: 'string', max: 128 }];

/**
 * Sign in with username and password, or (on local and testnet hosts only) with one click as a
 * demo account. On success the route guard sends the user to their role's screen.
 */
export default function LoginPage() {
  const { t } = useTranslation('user-assets');
  const store = useStore();
  const { api, host } = useServices();
  // Demo accounts exist on the simulator only: never offered on a production host.
  const offerDemo = host.isLocal || host.isTestnet;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const demoTitleId = useId();
  // While signing in, the pressed button is disabled (loading) and the browser drops its focus
  // to <body>. When the sign-in fails, focus goes back to it, once it is enabled again
  // (review L5); the error itself is announced by its alert.
  const focusAfter = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = focusAfter.current;
    if (busy || !el) return;
    focusAfter.current = null;
    const active = document.activeElement;
    if ((active === null || active === document.body) && el.isConnected) el.focus();
  }, [busy]);

  const submit = async (creds: { username: string; password: string }) => {
    const messages = formMessages(t);
    const found: LoginErrors = {
      username: validateValue(creds.username.trim(), USERNAME_RULES, t('login.username'), messages),
      password: validateValue(creds.password, PASSWORD_RULES, t('login.password'), messages),
    };
    setErrors(found);
    if (found.username || found.password) return;
    focusAfter.current =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setBusy(true);
    try {
      await logIn(store, api, { username: creds.username.trim(), password: creds.password });
    } catch (err) {
      setErrors(loginErrors(t, err));
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({ username, password });
  };

  const signInAsDemo = (a: DemoAccount) => {
    setUsername(a.username);
    setPassword(a.password);
    void submit(a);
  };

  return (
    <Stack maw={520} mx="auto" gap="lg" py="lg">
      {/* Signed-out visitors have no header: language and theme are offered here. */}
      <Group justify="flex-end" gap="xs">
        <LanguageMenu />
        <ThemeToggle />
      </Group>
      <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
        <Title order={1} size="h2" id={titleId} mb="md">
          {t('login.title')}
        </Title>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('login.username')}
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              error={errors.username}
              required
            />
            <PasswordInput
              label={t('login.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              // Mantine marks the inner input data-invalid only; screen readers need aria-invalid.
              aria-invalid={errors.password ? true : undefined}
              required
            />
            {errors.form && (
              <Alert color="red" role="alert">
                {errors.form}
              </Alert>
            )}
            <Button type="submit" loading={busy} fullWidth>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
      </Card>

      {offerDemo && (
        <Card withBorder padding="lg" component="section" aria-labelledby={demoTitleId}>
          <Title order={2} size="h4" id={demoTitleId}>
            {t('login.demo.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('login.demo.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {DEMO_ACCOUNTS.map((a) => (
              // The accessible name is the visible text (WCAG 2.5.3: "click follower" works for
              // speech input); what the button does is its description.
              <Fragment key={a.username}>
                <Button
                  variant="light"
                  h="auto"
                  py={8}
                  justify="flex-start"
                  disabled={busy}
                  onClick={() => signInAsDemo(a)}
                  aria-describedby={`${demoTitleId}-${a.username}`}
                  styles={{
                    label: {
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'flex-start',
                      whiteSpace: 'normal',
                      textAlign: 'start',
                    },
                  }}
                >
                  <Text span fw={600} size="sm">
                    {a.username}
                  </Text>
                  <Text span size="xs" c="dimmed">
                    {t(`login.demo.roles.${a.kind}`)}
                  </Text>
                </Button>
                <VisuallyHidden id={`${demoTitleId}-${a.username}`}>
                  {t('login.demo.signInAs', { username: a.username })}
                </VisuallyHidden>
              </Fragment>
            ))}
          </SimpleGrid>
        </Card>
      )}
    </Stack>
  );
}
