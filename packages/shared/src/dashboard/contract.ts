import { contract, fail, json } from '../contract';
import { ZDashboardMetrics, ZDashboardQuery } from './schemas';

export const dashboardMetrics = contract({
  method: 'get',
  path: '/dashboard/metrics',
  tags: ['dashboard'],
  summary: 'KPI figures and monthly revenue for the last 6, 12 (default) or 24 months',
  permission: 'member',
  request: { query: ZDashboardQuery },
  responses: {
    200: json(ZDashboardMetrics),
    400: fail('months is not 6, 12 or 24'),
    401: fail('Not signed in'),
    403: fail('Not a member'),
  },
});
