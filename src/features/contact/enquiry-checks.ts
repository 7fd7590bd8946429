import { useEffect } from 'react';
import { afterPageIdle } from '@/lib/idle.ts';
import type * as EnquirySchemas from '@shared/enquiry.ts';

export type EnquiryChecks = typeof EnquirySchemas;

let loaded: EnquiryChecks | undefined;
let loading: Promise<EnquiryChecks> | undefined;

/**
 * The enquiry schemas, and Zod under them, load once the page is idle rather than with it: they were
 * 9 KB gzip of the contact and planning pages' first JavaScript, and a form is only checked once
 * someone sends it or moves on a step, which waits for them when they are not in yet.
 */
export function loadEnquiryChecks(): Promise<EnquiryChecks> {
  loading ??= import('@shared/enquiry.ts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // A failed fetch is tried again on the next check.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The checks when they are in already: the messages that follow someone's typing need them at once. */
export const enquiryChecksIfLoaded = (): EnquiryChecks | undefined => loaded;

/** For a form's component: the checks start loading once the page is idle, so they are in before someone sends it. */
export function useEnquiryChecksWhenIdle(): void {
  useEffect(() => afterPageIdle(loadEnquiryChecks), []);
}
