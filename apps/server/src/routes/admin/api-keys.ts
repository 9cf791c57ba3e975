import { apiKeyRoutes } from '../api-key-routes.ts';

/**
 * The platform's API keys, under /api/admin/api-keys. A master admin manages the platform's keys
 * (no organisation) (issue 15, decision 115).
 */
const adminApiKeyRoutes = apiKeyRoutes({ path: '/api-keys', roles: ['master_admin'], owner: 'platform' });

export default adminApiKeyRoutes;
