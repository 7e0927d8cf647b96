import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ScreenFrame } from '../ui/ScreenFrame';

/**
 * A screen's code that no longer exists on the server: a tab opened before a new build asks for
 * a lazy chunk under its old hashed name (the server answers 404, server/rest/http-shell.ts).
 * Browsers word it differently: Chromium "Failed to fetch dynamically imported module", Firefox
 * "error loading dynamically imported module", Safari "Importing a module script failed".
 */
export function isStaleChunkError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed/i.test(message);
}

/**
 * What a route shows instead of a screen that failed to load or to render (React Router's
 * errorElement): in the shell when the shell itself is fine, so the header, the navigation and
 * the connection stay. A stale build says so; anything else says the screen failed. Reloading
 * reads everything afresh from the server; nothing the user had typed is sent again by it.
 */
export function RouteError() {
  const { t } = useTranslation('user-assets');
  const error = useRouteError();
  const stale = isStaleChunkError(error);
  return (
    <ScreenFrame title={t(stale ? 'routeError.staleTitle' : 'routeError.title')}>
      <Stack gap="sm" role="alert">
        <Text>{t(stale ? 'routeError.staleBody' : 'routeError.body')}</Text>
        <Group gap="sm">
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
        </Group>
      </Stack>
    </ScreenFrame>
  );
}
