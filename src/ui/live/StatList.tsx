import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/time';
import { LtrText } from '../amount/LtrText';
import classes from './live.module.css';

export interface Stat {
  id: string;
  label: ReactNode;
  value: ReactNode;
}

/**
 * Labelled figures as a description list (label, then value), wrapping on narrow screens. With
 * `updatedAtE3`, the entity's update time closes the list (every live figure says how fresh it is).
 */
export function StatList({
  stats,
  label,
  updatedAtE3,
}: {
  stats: readonly Stat[];
  label?: string;
  updatedAtE3?: string;
}) {
  const { t } = useTranslation('user-assets');
  const all: readonly Stat[] =
    updatedAtE3 === undefined
      ? stats
      : [
          ...stats,
          {
            id: 'updated',
            label: t('live.updatedAt'),
            value: <LtrText>{formatTime(updatedAtE3)}</LtrText>,
          },
        ];
  return (
    <dl className={classes.stats} aria-label={label}>
      {all.map((s) => (
        <div key={s.id} className={classes.stat}>
          <dt className={classes.statLabel}>{s.label}</dt>
          <dd className={classes.statValue}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
