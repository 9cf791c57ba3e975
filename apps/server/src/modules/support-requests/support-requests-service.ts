import type { TDatabase } from '@spacecapture/db/client';
import type { TSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { supportRequestEmail } from './support-request-emails.ts';
import { insertSupportRequest } from './support-requests-repository.ts';

/** Support requests (spec 001 §7): stored with an audit entry and e-mailed to the company address. */
export function createSupportRequestsService(deps: { db: TDatabase; companyEmail: string }) {
  const { db, companyEmail } = deps;

  return {
    async create(actor: TActor, orgId: string, input: TSupportRequest) {
      const row = await db.transaction(async (tx) => {
        const created = await insertSupportRequest(tx, {
          orgId,
          userId: actor.userId,
          subject: input.subject,
          message: input.message,
        });
        await recordAudit(tx, {
          entity: 'support_request',
          entityId: created.id,
          action: 'create',
          after: created,
          actorUserId: actor.userId,
        });
        await enqueueEmails(tx, [supportRequestEmail({ request: created, recipients: [companyEmail] })]);
        return created;
      });
      return { id: row.id, createdAt: row.createdAt.toISOString() };
    },
  };
}

export type TSupportRequestsService = ReturnType<typeof createSupportRequestsService>;
