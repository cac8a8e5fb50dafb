import { createRouter } from '../../http/router';

export const organizationRoutes = createRouter();
