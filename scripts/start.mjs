// `npm start`: install what is missing, build when the sources changed, then serve. The server
// migrates the database and seeds the demo company on its first run.
import { spawn } from 'node:child_process';
import { ensureBuild, ensureDependencies, root } from './lib.mjs';

ensureDependencies();
ensureBuild();

const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/server.mjs'], { stdio: 'inherit', cwd: root });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
