import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AssetsAggregateInfo } from '../../../facade';

/** The notices a compliance flag of the aggregate info calls for, in order of urgency. */
export type NoticeKey =
  | 'amlEdd'
  | 'depositAml'
  | 'unauthenticatedAddress'
  | 'travelRule'
  | 'tax'
  | 'untokenDeposit'
  | 'batchRelease'
  | 'amlClear';

export function noticesOf(info: AssetsAggregateInfo, userId: number): NoticeKey[] {
  const out: NoticeKey[] = [];
  if (info.isNeedDoDepositAmlEdd) out.push('amlEdd');
  if (info.isExistDepositAml) out.push('depositAml');
  if (info.isExistDepositUnauthentication_address) out.push('unauthenticatedAddress');
  if (info.waitTravelRuleCount > 0) out.push('travelRule');
  if (info.waitTaxCount > 0) out.push('tax');
  if (info.isExistUnTokenDeposit) out.push('untokenDeposit');
  if (info.isExistDepositBatchRelease) out.push('batchRelease');
  // An AML clearance is shown to the users it concerns (all when the list is empty).
  if (
    info.isExistAmlClear &&
    info.isDisplayClear &&
    (info.clearUserIdList.length === 0 || info.clearUserIdList.includes(userId))
  ) {
    out.push('amlClear');
  }
  return out;
}

const URGENT: ReadonlySet<NoticeKey> = new Set(['amlEdd', 'depositAml', 'unauthenticatedAddress']);

/**
 * Translated notices for the aggregate info's compliance flags (none when nothing is flagged).
 * Standing notices, shown on every visit: role=note, not Mantine's default role=alert, which
 * would interrupt the screen reader each time the page opens.
 */
export function ComplianceNotices({ info, userId }: { info: AssetsAggregateInfo; userId: number }) {
  const { t } = useTranslation('user-assets');
  const notices = noticesOf(info, userId);
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('assetsArea.notices.label')}>
      {notices.map((key) => (
        <Alert
          key={key}
          role="note"
          color={URGENT.has(key) ? 'red' : 'yellow'}
          variant="light"
          title={t(`assetsArea.notices.${key}.title`)}
          data-notice={key}
        >
          {t(`assetsArea.notices.${key}.text`, {
            tax: info.waitTaxCount,
            travelRule: info.waitTravelRuleCount,
            group: info.eddGroupId,
          })}
        </Alert>
      ))}
    </Stack>
  );
}
