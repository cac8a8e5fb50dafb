import { createRoute } from '@hono/zod-openapi';
import { ZApiError } from '@pennant/shared/api.schemas';
import { ZDashboardMetrics, ZDashboardQuery } from '@pennant/shared/dashboard.schemas';
import { createRouter, json } from '../../http/router';
import { requireMember } from '../session/member';
import { dashboardMetrics } from './dashboard.service';

export const dashboardRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/dashboard/metrics',
    tags: ['dashboard'],
    summary: 'KPI figures and monthly revenue for the last 6, 12 (default) or 24 months',
    request: { query: ZDashboardQuery },
    responses: {
      200: json(ZDashboardMetrics),
      400: json(ZApiError, 'months is not 6, 12 or 24'),
      403: json(ZApiError, 'Not a member'),
    },
  }),
  async (c) => {
    const { months } = c.req.valid('query');
    return c.json(await dashboardMetrics(c.get('deps'), await requireMember(c), months), 200);
  },
);
