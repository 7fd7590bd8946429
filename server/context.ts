import type { Config } from './config.ts';
import type { MailQueue } from './mail/queue.ts';
import type { PlatformContext } from './platform/context.ts';

/** What the product's parts are handed: the platform's context with the product's whole config and its mail queue. */
export interface ProductContext extends PlatformContext {
  config: Config;
  mail: MailQueue;
}
