import type { Hono } from 'hono';
import { sql } from '../../db/client';
import type { TAppEnv } from '../../http/env';

export function mountHealth(app: Hono<TAppEnv>, isReady: () => boolean): void {
  app.get('/healthz', (c) => c.json({ ok: true }));
  app.get('/readyz', async (c) => {
    if (!isReady()) return c.json({ ok: false, reason: 'starting' }, 503);
    try {
      await c.get('deps').db.execute(sql`SELECT 1`);
      return c.json({ ok: true });
    } catch {
      return c.json({ ok: false, reason: 'database unavailable' }, 503);
    }
  });
}
