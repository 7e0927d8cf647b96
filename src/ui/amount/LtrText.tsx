import type { ReactNode } from 'react';
import classes from './amount.module.css';

/**
 * A figure that is not an amount (a time, an id, a version, a leverage): written left to right
 * and isolated from the text around it, so it reads the same inside RTL text, with tabular digits.
 */
export function LtrText({
  children,
  className,
  title,
}: {
  children: ReactNode;
  className?: string;
  /** The whole text as a tooltip, where a column may cut it. */
  title?: string;
}) {
  return (
    <span
      dir="ltr"
      title={title}
      className={className ? `${classes.isolate} ${className}` : classes.isolate}
    >
      {children}
    </span>
  );
}
