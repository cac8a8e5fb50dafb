import { createRouter } from '../../http/router';

export const companyRoutes = createRouter();
