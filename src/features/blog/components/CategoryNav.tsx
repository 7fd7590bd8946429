import { Group, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { blogCategoriesQuery } from '../api.ts';
import classes from './CategoryNav.module.css';

/** The pill of the page: every story, one category's, or none (a tag's page lists across categories). */
export type CategoryNavCurrent = 'all' | 'none' | { category: string };

/**
 * 'All stories' and each category, as a row of pills that scrolls sideways on a phone, where the
 * current one is scrolled into view so the visitor sees which list they are on.
 */
export function CategoryNav({ current }: { current: CategoryNavCurrent }) {
  const categories = useQuery(blogCategoriesQuery());
  const navRef = useRef<HTMLElement>(null);
  const currentCategory = typeof current === 'object' ? current.category : null;
  const items: { label: string; to: string; current: boolean }[] = [
    { label: 'All stories', to: '/blog', current: current === 'all' },
    ...(categories.data ?? []).map((category) => ({ label: category.name, to: `/blog/category/${category.slug}`, current: category.slug === currentCategory })),
  ];

  const categoriesShown = categories.isSuccess;
  useEffect(() => {
    const nav = navRef.current;
    const pill = nav?.querySelector<HTMLElement>('[data-active]');
    if (!nav || !pill) return;
    const hiddenRight = pill.offsetLeft + pill.offsetWidth - (nav.scrollLeft + nav.clientWidth);
    if (hiddenRight > 0 || pill.offsetLeft < nav.scrollLeft) nav.scrollLeft = pill.offsetLeft - (nav.clientWidth - pill.offsetWidth) / 2;
  }, [currentCategory, categoriesShown]);

  return (
    <nav ref={navRef} aria-label="Blog categories" className={classes.nav}>
      <Group gap="xs" wrap="nowrap" className={classes.row}>
        {items.map((item) => (
          // Exact: the router would otherwise mark 'All stories' (/blog) as the page on every category's page too.
          <Link
            key={item.to}
            to={item.to}
            activeOptions={{ exact: true }}
            className={classes.pill}
            data-active={item.current || undefined}
            aria-current={item.current ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ))}
        {categories.isPending && Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height={36} width={110} radius="xl" />)}
      </Group>
    </nav>
  );
}
