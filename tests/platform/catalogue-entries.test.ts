import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Destinations, experiences and activities as the catalogue studio saves them: their names and
 * addresses refused in words with the field in the hint (check_catalogue_entry), and the order the
 * site lists destinations in, set in one go by reorder_destinations(), for catalogue editors only.
 */
let server: TestServer;
let editor: SupabaseClient;
let agent: SupabaseClient;


const order = async () => (await server.db.query<{ id: string; name: string }>(`select id, name from public.destinations order by display_order, name`)).rows;

beforeAll(async () => {
  server = await startTestServer();
  editor = (await server.staff('editor')).client;
  agent = (await server.staff('agent')).client;
});

afterAll(async () => {
  await server?.close();
});

describe('the order of destinations', () => {
  it('is set in one go by an editor, and the site reads it', async () => {
    const before = await order();
    const next = [before[2], before[0], before[1], ...before.slice(3)].map((row) => row.id);
    const { data, error } = await editor.rpc('reorder_destinations', { p_ids: next });
    expect(error).toBeNull();
    expect(data).toBe(before.length);
    expect((await order()).map((row) => row.id)).toEqual(next);
    const { data: listed } = await server.client().from('destinations').select('id').eq('is_published', true).order('display_order');
    expect(listed!.map((row) => row.id)).toEqual(next.filter((id) => listed!.some((row) => row.id === id)));
  });

  it('names every destination once, or is refused and changes nothing', async () => {
    const before = (await order()).map((row) => row.id);
    for (const ids of [before.slice(1), [...before, before[0]], [before[1], before[1], ...before.slice(2)]]) {
      const { error } = await editor.rpc('reorder_destinations', { p_ids: ids });
      expect(error?.code).toBe('22023');
      expect(error?.message).toBe('The order names every destination once: the list changed meanwhile, reload it');
    }
    expect((await order()).map((row) => row.id)).toEqual(before);
  });

  it('is refused to an agent', async () => {
    const before = (await order()).map((row) => row.id);
    const { error } = await agent.rpc('reorder_destinations', { p_ids: [...before].reverse() });
    expect(error?.code).toBe('42501');
    expect((await order()).map((row) => row.id)).toEqual(before);
  });
});

describe('names and addresses in words', () => {
  it('refuses a taken address, a bad one and a blank name, naming the field', async () => {
    const [first, second] = await order();
    const { data: taken } = await server.client().from('destinations').select('slug').eq('id', second.id).single();
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['destinations', { slug: taken!.slug }, 'slug', `Another destination has the address ${taken!.slug}`],
      ['destinations', { slug: 'Not An Address' }, 'slug', 'The address is lowercase letters, digits and single dashes, up to 80 characters'],
      ['destinations', { name: '  ' }, 'name', 'Give the destination a name, up to 120 characters'],
    ];
    for (const [table, patch, hint, message] of cases) {
      const { error } = await editor.from(table).update(patch).eq('id', first.id).select('id').single();
      expect({ hint: error?.hint, message: error?.message }).toEqual({ hint, message });
    }
    const { data: activity } = await server.client().from('activities').select('id, slug').limit(2);
    const { error } = await editor.from('activities').update({ slug: activity![1].slug }).eq('id', activity![0].id).select('id').single();
    expect({ code: error?.code, hint: error?.hint, message: error?.message }).toEqual({ code: '23505', hint: 'slug', message: `Another activity has the address ${activity![1].slug}` });
    const { error: blank } = await editor.from('experiences').insert({ slug: 'nameless', title: '' }).select('id').single();
    expect({ hint: blank?.hint, message: blank?.message }).toEqual({ hint: 'title', message: 'Give the experience a name, up to 120 characters' });
  });

  it('saves an activity, its address made lowercase, and records who did it', async () => {
    const { data, error } = await editor.from('activities').insert({ slug: 'Night-Game-Drive', name: 'Night game drive' }).select('id, slug').single();
    expect(error).toBeNull();
    expect(data!.slug).toBe('night-game-drive');
    const audit = await server.db.query<{ action: string; actor_id: string | null }>(`select action, actor_id from public.audit_log where table_name = 'activities' and record_id = $1`, [data!.id]);
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].action).toBe('insert');
    expect(audit.rows[0].actor_id).not.toBeNull();
  });
});
