import { schema, type TExecutor } from '@spacecapture/db/client';
import { and, eq, or, sql } from 'drizzle-orm';
import { afterCursor, containsPattern, cursorKey, newestFirst, type TCursor } from '../../lib/pagination.ts';

const { supportRequests, organizations, user } = schema;

/** Support requests from the customer portal, newest first (keyset on created_at, id). */
export async function listSupportRequestPage(
  db: TExecutor,
  options: {
    limit: number;
    cursor?: TCursor | undefined;
    q?: string | undefined;
    status?: string | undefined;
    orgId?: string | undefined;
  },
) {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  return db
    .select({
      request: supportRequests,
      organization: { id: organizations.id, name: organizations.name },
      userEmail: user.email,
      userName: user.name,
      cursorAt: cursorKey(supportRequests.createdAt),
    })
    .from(supportRequests)
    .leftJoin(organizations, eq(organizations.id, supportRequests.orgId))
    .leftJoin(user, eq(user.id, supportRequests.userId))
    .where(
      and(
        options.status ? eq(supportRequests.status, options.status) : undefined,
        options.orgId ? eq(supportRequests.orgId, options.orgId) : undefined,
        pattern
          ? or(sql`${supportRequests.subject} ilike ${pattern}`, sql`${supportRequests.message} ilike ${pattern}`)
          : undefined,
        afterCursor(supportRequests, options.cursor),
      ),
    )
    .orderBy(...newestFirst(supportRequests.createdAt, supportRequests.id))
    .limit(options.limit);
}
