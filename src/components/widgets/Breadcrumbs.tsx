import { Link } from '@tanstack/react-router';
import classes from './Breadcrumbs.module.css';

/** A step of the trail: an app route (`to`), a full page load (`href`), or, last, the page itself. */
export type Crumb = { label: string; to: string } | { label: string; href: string };

/** The trail above a page's title: its steps, then the current page. `className` places and colours it. */
export function Breadcrumbs({ trail, current, className }: { trail: Crumb[]; current: string; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={className ? `${classes.breadcrumbs} ${className}` : classes.breadcrumbs}>
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.label}>{'to' in crumb ? <Link to={crumb.to}>{crumb.label}</Link> : <a href={crumb.href}>{crumb.label}</a>}</li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
