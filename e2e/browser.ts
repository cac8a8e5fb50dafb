import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's Chromium in CI and on this machine; Playwright's own browser elsewhere. */
export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const own = chromium.executablePath();
    return existsSync(own) ? own : null;
  } catch {
    return null;
  }
}
