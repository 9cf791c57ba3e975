import { ZSettings, ZUpdateSettingsRequest } from '@spacecapture/shared/contracts/admin-console/settings';
import { ZTourHostList, ZTourHosts } from '@spacecapture/shared/contracts/tour-links';
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

  route.get(
    '/settings/tour-hosts',
    {
      summary: 'The hosts tour links may point at, and whether each may be framed (decision 233)',
      response: { 200: ZTourHostList },
    },
    async () => app.services.tourHosts.get(),
  );

  route.put(
    '/settings/tour-hosts',
    {
      summary: 'Save the tour hosts; a change writes one audit entry and widens or narrows frame-src at once',
      body: ZTourHosts,
      response: { 200: ZTourHostList },
    },
    async (request) => app.services.tourHosts.update(toActor(callerOf(request)), request.body),
  );
};

export default adminSettingsRoutes;
