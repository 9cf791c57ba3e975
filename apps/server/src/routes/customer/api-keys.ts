import { apiKeyRoutes } from '../api-key-routes.ts';

/**
 * The organisation's API keys, under /api/customer/api-keys. A customer admin manages the
 * organisation's keys (issue 15, decision 115).
 */
const customerApiKeyRoutes = apiKeyRoutes({
  path: '/customer/api-keys',
  roles: ['customer_admin'],
  owner: 'organisation',
});

export default customerApiKeyRoutes;
