import type { ReactNode } from 'react';
import classes from './EmptyNotice.module.css';

interface EmptyNoticeProps {
  /** A tabler icon; it shows in a brand-tinted circle. */
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** What to do next: buttons or links. */
  children?: ReactNode;
}

/**
 * What a list says when it has nothing to show, and where to go instead. Plain markup: Mantine's
 * EmptyState brought a chunk of its own to the home page for the rare empty catalogue.
 */
export function EmptyNotice({ icon, title, description, children }: EmptyNoticeProps) {
  return (
    <div className={classes.notice}>
      <div className={classes.indicator} aria-hidden>
        {icon}
      </div>
      <div className={classes.body}>
        <div className={classes.title}>{title}</div>
        <p className={classes.description}>{description}</p>
        {children && <div className={classes.actions}>{children}</div>}
      </div>
    </div>
  );
}
