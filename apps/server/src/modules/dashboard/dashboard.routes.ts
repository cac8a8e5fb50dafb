import { createRouter } from '../../http/router';

export const dashboardRoutes = createRouter();
