import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { allServers, workerCount } from './tests/e2e/servers.ts';

// Each worker has a server of its own, with its own data directory and SMTP sink (tests/e2e/servers.ts).
// The app's emails go through a real SMTP server (tests/e2e/smtp-sink.ts), which writes each one into
// the server's mail folder for tests/e2e/mail.ts.
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: workerCount,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  use: {
    // Each test's address is its worker's server (tests/e2e/fixtures.ts); this is the first's.
    baseURL: allServers[0].url,
    ...devices['Desktop Chrome'],
    headless: true,
    // A service worker installs by downloading every chunk of the app: a fifth of a test's time, in
    // every fresh context. Specs about working offline, updates and the outbox allow it.
    serviceWorkers: 'block',
    launchOptions: {
      // Chromium's headless shell (Debian's chromium-headless-shell): the same engine without the
      // browser's UI, which is what Playwright runs headless by default. Measured here on the
      // accessibility spec: 268 s against 337 s with the full browser.
      executablePath: '/usr/bin/chromium-headless-shell',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: allServers.flatMap(({ port, url, dataDir, mailDir, smtpPort }): Extract<PlaywrightTestConfig['webServer'], unknown[]> => [
    {
      command: 'exec node --import tsx tests/e2e/smtp-sink.ts',
      port: smtpPort,
      env: { SMTP_SINK_PORT: String(smtpPort), MAIL_DIR: mailDir },
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh data directory every run: a copy of the seeded template (tests/e2e/serve.ts).
      command: 'exec node --import tsx tests/e2e/serve.ts',
      url: `${url}/api/health`,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', EMAIL_TICK_MS: '500', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ]),
});
