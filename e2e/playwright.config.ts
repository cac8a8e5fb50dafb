import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { serverNodeFlags } from '../apps/server/node-flags.mjs';
import { findChromium } from './browser';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pennant-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: './journeys',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    baseURL,
    // A trace only when a test is retried: recording one for every test (DOM snapshots and a
    // screencast) made the run half as long again on 2 cores (8.4 min against 5.5).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: ['node', ...serverNodeFlags(), 'apps/server/dist/main.js'].join(' '),
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Campaign e-mails one second apart rather than ten: the journey reads them in the mailbox.
      CAMPAIGN_SEND_CADENCE_SECONDS: '1',
      // Prospect e-mails two seconds apart rather than thirty: the journey sees a progress toast
      // (the fifth of seven) between two status polls, then the completion.
      BLAST_SEND_CADENCE_SECONDS: '2',
    },
  },
});
