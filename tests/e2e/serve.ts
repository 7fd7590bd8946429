// One end-to-end web server (playwright.config.ts starts one per worker): a fresh copy of the seeded
// template data directory, then the built server over it, in this process. The template
// (tests/helpers/template.ts) is the platform suite's, made once per schema, seed and hour: a copy
// takes well under a second where seeding takes some 20 s.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureTemplate } from '../helpers/template.ts';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the data directory to serve');
// The embedded database, whatever the shell has set for the platform suite.
const template = await ensureTemplate(null);
rmSync(dataDir, { recursive: true, force: true });
cpSync(template.dir, dataDir, { recursive: true });
await import(pathToFileURL(path.resolve('dist-server/server.mjs')).href);
