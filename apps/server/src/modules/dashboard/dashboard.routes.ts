import * as api from '@pennant/shared/dashboard/contract';
import { route } from '../../http/contract-route';
import { createRouter } from '../../http/router';
import { requireMember } from '../session/member';
import { dashboardMetrics } from './dashboard.service';

export const dashboardRoutes = createRouter().openapi(route(api.dashboardMetrics), async (c) => {
  const { months } = c.req.valid('query');
  return c.json(await dashboardMetrics(c.get('deps'), await requireMember(c), months), 200);
});
