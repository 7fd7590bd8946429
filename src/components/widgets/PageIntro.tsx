import { Container, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './PageIntro.module.css';

/** The calm band at the top of an editorial page: a script eyebrow, the page's one h1, a lede. */
export function PageIntro({ eyebrow, title, lede, children }: { eyebrow?: string; title: ReactNode; lede?: ReactNode; children?: ReactNode }) {
  return (
    <div className={classes.band}>
      <Container size="lg" className={classes.inner}>
        {eyebrow && (
          <Text className={classes.eyebrow} aria-hidden>
            {eyebrow}
          </Text>
        )}
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {lede && <Text className={classes.lede}>{lede}</Text>}
        {children}
      </Container>
    </div>
  );
}
