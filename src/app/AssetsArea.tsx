import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { useAssetsLive } from '../features/assets/overview/use-assets';
import { ASSETS_NAV } from './routes';

/**
 * The frame of every /assets screen: the area's navigation (one entry per screen of SCREENS
 * that names an `assetsNav` label, in the table's order) and the live data they share: the
 * overview and aggregate info refreshed every 5 s, after actions and when a balance moves.
 */
export function AssetsArea() {
  const { t } = useTranslation('user-assets');
  useAssetsLive();
  return (
    <>
      <nav aria-label={t('assetsArea.nav.label')} style={{ marginBlockEnd: 16 }}>
        <Group
          gap={6}
          wrap="wrap"
          component="ul"
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {ASSETS_NAV.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} end style={{ textDecoration: 'none' }}>
                {({ isActive }) => (
                  <Button
                    component="span"
                    size="compact-sm"
                    radius="xl"
                    variant={isActive ? 'filled' : 'default'}
                  >
                    {t(s.assetsNav)}
                  </Button>
                )}
              </NavLink>
            </li>
          ))}
        </Group>
      </nav>
      <Outlet />
    </>
  );
}
