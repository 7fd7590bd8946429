import { SimpleGrid, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Picture } from '@/components/widgets/Picture.tsx';
import { SectionHeading } from '@/components/widgets/SectionHeading.tsx';
import { partnersQuery } from '../api.ts';
import classes from './PartnerLogos.module.css';

/** The bodies we are licensed by and work with, as logos linking to their sites. */
export function PartnerLogos() {
  const partners = useQuery(partnersQuery());
  // Logos are a supporting detail: nothing to show, or not loaded, leaves the section out.
  if (partners.isError || (partners.isSuccess && partners.data.length === 0)) return null;
  return (
    <section aria-labelledby="partners-heading">
      <SectionHeading id="partners-heading" title="Licensed, trusted and connected" description="The authorities and organisations we are members and partners of." />
      <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="lg">
        {partners.isPending
          ? Array.from({ length: 6 }, (_, index) => <Skeleton key={index} className={classes.logo} />)
          : partners.data.map((partner) => {
              const logo = <Picture src={partner.logo_url} sizes="240px" alt={partner.name} loading="lazy" decoding="async" width={240} height={120} className={classes.image} />;
              return partner.website_url ? (
                <a key={partner.id} href={partner.website_url} target="_blank" rel="noopener noreferrer" className={classes.logo}>
                  {logo}
                </a>
              ) : (
                <div key={partner.id} className={classes.logo}>
                  {logo}
                </div>
              );
            })}
      </SimpleGrid>
    </section>
  );
}
