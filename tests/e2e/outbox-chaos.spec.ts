import { test } from './fixtures.ts';
import { runChaos } from './outbox-chaos.ts';

// The service worker is part of what this spec proves (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * The outbox chaos run (outbox-chaos.ts) with a few seeds; CHAOS_SEED and CHAOS_ACTIONS replay one
 * (CHAOS_VERBOSE=1 prints each action). A longer run is `npm run bench:outbox`.
 */
const actions = Number(process.env.CHAOS_ACTIONS ?? 20);
const seeds: { seed: number; name: string }[] = process.env.CHAOS_SEED
  ? [{ seed: Number(process.env.CHAOS_SEED), name: 'replayed' }]
  : [
      // On the engine before the Web Locks and kind loading, this seed stranded an offline phone
      // number, an Offers switch whose send a reload cut, a wishlist removal and a new conversation.
      { seed: 1811, name: 'edits made offline and a send cut by a reload' },
      { seed: 7, name: 'a profile edit sent from another page' },
      { seed: 42424, name: 'half the actions offline' },
    ];

for (const { seed, name } of seeds) {
  test(`outbox chaos, seed ${seed} (${name}): every change reaches the server once, and no screen shows an older value`, async ({ context, request }) => {
    test.setTimeout(240_000);
    console.log(`outbox chaos seed ${seed}, ${actions} actions`);
    const outcome = await runChaos(context, request, { seed, actions });
    console.log(JSON.stringify({ seed, offlineActions: outcome.offlineActions, secondsToSync: outcome.secondsToSync }));
  });
}
