import type { ReactNode } from 'react';
import classes from './live.module.css';

export interface Stat {
  id: string;
  label: ReactNode;
  value: ReactNode;
}

/** Labelled figures as a description list (label, then value), wrapping on narrow screens. */
export function StatList({ stats, label }: { stats: readonly Stat[]; label?: string }) {
  return (
    <dl className={classes.stats} aria-label={label}>
      {stats.map((s) => (
        <div key={s.id} className={classes.stat}>
          <dt className={classes.statLabel}>{s.label}</dt>
          <dd className={classes.statValue}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
