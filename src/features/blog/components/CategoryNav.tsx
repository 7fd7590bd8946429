import { Group, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { blogCategoriesQuery } from '../api.ts';
import classes from './CategoryNav.module.css';

/** 'All stories' and each category, as a row of pills that scrolls sideways on a phone. */
export function CategoryNav({ active }: { active?: string }) {
  const categories = useQuery(blogCategoriesQuery());
  const items: { label: string; to: string; current: boolean }[] = [
    { label: 'All stories', to: '/blog', current: !active },
    ...(categories.data ?? []).map((category) => ({ label: category.name, to: `/blog/category/${category.slug}`, current: category.slug === active })),
  ];
  return (
    <nav aria-label="Blog categories" className={classes.nav}>
      <Group gap="xs" wrap="nowrap" className={classes.row}>
        {items.map((item) => (
          <Link key={item.to} to={item.to} className={classes.pill} data-active={item.current || undefined} aria-current={item.current ? 'page' : undefined}>
            {item.label}
          </Link>
        ))}
        {categories.isPending && Array.from({ length: 4 }, (_, index) => <Skeleton key={index} height={36} width={110} radius="xl" />)}
      </Group>
    </nav>
  );
}
