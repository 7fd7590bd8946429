import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// One data directory per port, so two runs on one machine never wipe each other's server.
const dataDir = (process.env.E2E_DATA_DIR ??= `.data-e2e-${port}`);
// The app's emails go through a real SMTP server (tests/e2e/smtp-sink.ts), which writes each one
// into DATA_DIR/mail for tests/e2e/mail.ts; its port follows the app's, so two runs never share it.
const smtpPort = port + 20000;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    headless: true,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: 'exec node --import tsx tests/e2e/smtp-sink.ts',
      port: smtpPort,
      env: { SMTP_SINK_PORT: String(smtpPort), MAIL_DIR: `${dataDir}/mail` },
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A fresh data directory every run: the demo company is seeded from scratch.
      command: `rm -rf ${dataDir} && exec node dist-server/server.mjs`,
      url: `${baseURL}/api/health`,
      env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
