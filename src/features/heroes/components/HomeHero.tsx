import { Button, Container, Group, Skeleton } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { HeroImage } from '@/components/widgets/HeroImage.tsx';
import { activeHeroesQuery } from '../api.ts';
import classes from './HomeHero.module.css';

const toursPath: string = '/tours';
const planTripPath: string = '/start-planning';

interface HeroContent {
  title: ReactNode;
  subtitle: string | null;
  imageUrl: string | null;
  cta: { label: string; href: string };
}

function CallToAction({ label, href }: { label: string; href: string }) {
  const icon = <IconArrowRight size={18} />;
  // Site paths stay inside the app; anything else is an ordinary link.
  return href.startsWith('/') ? (
    <Button component={Link} to={href} size="lg" radius="xl" rightSection={icon}>
      {label}
    </Button>
  ) : (
    <Button component="a" href={href} size="lg" radius="xl" rightSection={icon}>
      {label}
    </Button>
  );
}

/**
 * The home page's opening image with its text: the first active hero, or a built-in one over a
 * destination picture when none is set. The image loads eagerly: it is the page's largest paint.
 */
export function HomeHero({ fallbackImageUrl }: { fallbackImageUrl: string | null }) {
  const heroes = useQuery(activeHeroesQuery());
  const hero = heroes.data?.[0];
  const content: HeroContent | null = hero
    ? {
        title: hero.title,
        subtitle: hero.subtitle,
        imageUrl: hero.image_url,
        cta: { label: hero.cta_label || 'Explore tours', href: hero.cta_href || toursPath },
      }
    : heroes.isPending
      ? null
      : {
          title: (
            <>
              Tanzania, <span className={classes.accent}>unhurried</span>
            </>
          ),
          subtitle: 'Private and small-group safaris, Kilimanjaro climbs and Zanzibar escapes, planned by our own team in Arusha.',
          imageUrl: fallbackImageUrl,
          cta: { label: 'Explore tours', href: toursPath },
        };

  return (
    <section className={classes.hero} aria-labelledby="hero-title" aria-busy={content ? undefined : 'true'}>
      {content?.imageUrl && (
        <HeroImage className={classes.image} src={content.imageUrl} alt="" />
      )}
      <div className={classes.scrim} />
      <Container size="lg" className={classes.content}>
        {content ? (
          <>
            <h1 id="hero-title" className={classes.title}>
              {content.title}
            </h1>
            {content.subtitle && <p className={classes.subtitle}>{content.subtitle}</p>}
            <Group gap="sm" mt="lg">
              <CallToAction {...content.cta} />
              <Button component={Link} to={planTripPath} size="lg" radius="xl" variant="white" color="dark" className={classes.secondary}>
                Plan my trip
              </Button>
            </Group>
          </>
        ) : (
          <div className={classes.placeholder}>
            <h1 id="hero-title" className={classes.visuallyHidden}>
              Loading
            </h1>
            <Skeleton height={48} width="80%" mb="md" />
            <Skeleton height={18} width="95%" mb={8} />
            <Skeleton height={18} width="70%" mb="xl" />
            <Skeleton height={50} width={220} radius="xl" />
          </div>
        )}
      </Container>
    </section>
  );
}
