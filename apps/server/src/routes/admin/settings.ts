import { ZSettings, ZUpdateSettingsRequest } from '@spacecapture/shared/contracts/admin-console/settings';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toActor } from '../../lib/actor.ts';
import { callerOf } from '../../plugins/auth.ts';
import { declareRoutes } from '../declare-routes.ts';
import { signedInErrorResponses } from '../route-schemas.ts';

/** /admin/settings (spec 001 §2, §3 feature_flags): read and save the feature flags, audited. */
const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.settings;
  const route = declareRoutes(app, { roles: ADMIN_ROLES, tags: ['admin'], errors: signedInErrorResponses });

  route.get(
    '/settings',
    { summary: 'The feature flags, and which of them the caller may change', response: { 200: ZSettings } },
    async (request) => service.get(callerOf(request)),
  );

  route.put(
    '/settings',
    {
      summary:
        'Save the feature flags (all three); a change writes one audit entry. MFA requirement: master admin only',
      body: ZUpdateSettingsRequest,
      response: { 200: ZSettings },
    },
    async (request) => {
      const caller = callerOf(request);
      return service.update(request.body, { ...toActor(caller), twoFactorEnabled: caller.profile.twoFactorEnabled });
    },
  );
};

export default adminSettingsRoutes;
