import { Container, Text, Title } from '@mantine/core';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.tsx';
import { HeroImage } from './HeroImage.tsx';
import detail from './DetailPage.module.css';

/** The picture header of a destination's or an experience's page: breadcrumbs, the title, a lead line. */
export function DetailHero({
  image,
  imageAlt,
  trail,
  title,
  lead,
}: {
  image: string | null;
  imageAlt: string;
  trail: Crumb[];
  title: string;
  lead?: string | null;
}) {
  return (
    <header className={detail.hero}>
      {image && <HeroImage src={image} alt={imageAlt} className={detail.heroImage} />}
      <Container size="lg" className={detail.heroInner}>
        <Breadcrumbs className={detail.breadcrumbs} trail={trail} current={title} />
        <Title order={1} className={detail.heroTitle}>
          {title}
        </Title>
        {lead && <Text className={detail.heroLead}>{lead}</Text>}
      </Container>
    </header>
  );
}
