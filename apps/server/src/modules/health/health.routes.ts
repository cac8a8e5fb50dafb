import type { Hono } from 'hono';
import type { TAppEnv } from '../../http/env';
import { pingDatabase } from './health.repo';

export function mountHealth(app: Hono<TAppEnv>, isReady: () => boolean): void {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    if (!isReady()) return c.json({ ok: false, reason: 'starting' }, 503);
    try {
      await pingDatabase(c.get('deps').db);
      return c.json({ ok: true });
    } catch {
      return c.json({ ok: false, reason: 'database unavailable' }, 503);
    }
  });
}
