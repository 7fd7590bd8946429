import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './AuthCard.module.css';

/** A band of savanna at dusk: acacias against the sky, in the theme's colours. */
function SavannaBand() {
  return (
    <svg className={classes.art} viewBox="0 0 480 96" preserveAspectRatio="xMidYMax slice" aria-hidden focusable="false">
      <defs>
        <linearGradient id="auth-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="var(--mantine-color-brand-3)" />
          <stop offset="1" stopColor="var(--mantine-color-brand-6)" />
        </linearGradient>
      </defs>
      <rect width="480" height="96" fill="url(#auth-sky)" />
      <circle cx="352" cy="62" r="22" fill="var(--mantine-color-brand-1)" opacity="0.85" />
      <path d="M0 74 Q90 62 180 72 T360 68 T480 70 V96 H0 Z" fill="var(--mantine-color-ink-7, #393e46)" opacity="0.55" />
      <path d="M0 82 Q120 74 240 82 T480 80 V96 H0 Z" fill="var(--mantine-color-ink-9, #222831)" />
      <g fill="var(--mantine-color-ink-9, #222831)">
        <rect x="96" y="52" width="3" height="30" />
        <ellipse cx="97" cy="50" rx="30" ry="6" />
        <ellipse cx="104" cy="45" rx="16" ry="4" />
        <rect x="408" y="58" width="2.5" height="24" />
        <ellipse cx="409" cy="56" rx="22" ry="5" />
      </g>
    </svg>
  );
}

/** The frame of the sign-in pages: one card, a title and what the page is for. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className={classes.page}>
      <Container size={480} px="md">
        <Paper radius="lg" className={classes.card}>
          <SavannaBand />
          <Stack gap="lg" className={classes.body}>
            <Stack gap={6}>
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              {subtitle && <Text c="dimmed">{subtitle}</Text>}
            </Stack>
            {children}
          </Stack>
        </Paper>
        {footer && (
          <Text ta="center" mt="lg" size="sm">
            {footer}
          </Text>
        )}
      </Container>
    </div>
  );
}
