import { Badge, Button, Group, VisuallyHidden } from '@mantine/core';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router';
import { assetsAggregateInfoAtom, dataOf } from '../facade';
import { useAssetsLive } from '../features/assets/overview/use-assets';
import { ASSETS_NAV, RECORDS_PATH } from './routes';

/**
 * The records waiting on something (deposits, withdrawals, transfers) by the aggregate info, shown
 * on the Records entry: 0 when nothing is pending (`hasPendingAssets`) or nothing pending is a
 * record (a tax wait has no record to show).
 */
function usePendingRecords(): number {
  const info = dataOf(useAtomValue(assetsAggregateInfoAtom));
  if (!info?.hasPendingAssets) return 0;
  return info.depositPendingCount + info.withdrawPendingCount + info.transferPendingCount;
}

/**
 * The frame of every /assets screen: the area's navigation (one entry per screen of SCREENS
 * that names an `assetsNav` label, in the table's order) and the live data they share: the
 * overview and aggregate info refreshed every 5 s, after actions and when a balance moves.
 */
export function AssetsArea() {
  const { t } = useTranslation('user-assets');
  useAssetsLive();
  const pending = usePendingRecords();
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
                    rightSection={
                      s.path === RECORDS_PATH && pending > 0 ? (
                        <>
                          <Badge
                            aria-hidden
                            size="sm"
                            circle
                            variant={isActive ? 'white' : 'light'}
                            color={isActive ? undefined : 'yellow'}
                            data-pending-records={pending}
                          >
                            {pending}
                          </Badge>
                          <VisuallyHidden>
                            {` ${t('assetsArea.nav.pendingRecords', { n: pending })}`}
                          </VisuallyHidden>
                        </>
                      ) : undefined
                    }
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
