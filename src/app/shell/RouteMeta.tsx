import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { applyPageMeta, canonicalUrl, pageTitle } from '../../ui/page-meta';

/** Pages that carry their own title and description (route `handle.page`). */
export type PageKey =
  | 'login'
  | 'copyTrade'
  | 'leader'
  | 'derivatives'
  | 'records'
  | 'notFound'
  // the user-assets area
  | 'assets'
  | 'assetsSpot'
  | 'assetsFunding'
  | 'assetsFiat'
  | 'assetsMt'
  | 'assetsBots'
  | 'assetsOptions'
  // unified account, savings and pledge loans (src/features/assets/{unified,savings,pledge})
  | 'unified'
  | 'savings'
  | 'pledge';
export interface RouteHandle {
  page?: PageKey;
}

const pageOf = (handle: unknown): PageKey | undefined =>
  typeof handle === 'object' && handle !== null ? (handle as RouteHandle).page : undefined;

/** Keeps <head> in step with the route and the language. Renders nothing. */
export function RouteMeta() {
  const { t, i18n } = useTranslation('user-assets');
  const matches = useMatches();
  const { pathname } = useLocation();
  const page = [...matches]
    .reverse()
    .map((m) => pageOf(m.handle))
    .find(Boolean);
  const lng = i18n.language;

  useEffect(() => {
    const siteName = t('app.name');
    applyPageMeta({
      title: pageTitle(page ? t(`meta.${page}.title`) : undefined, siteName),
      description: page ? t(`meta.${page}.description`) : t('meta.default.description'),
      url: canonicalUrl(window.location.origin, pathname),
      siteName,
      locale: lng,
    });
  }, [t, page, pathname, lng]);
  return null;
}
