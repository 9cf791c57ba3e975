import type { TDatabase } from '@spacecapture/db/client';
import type {
  TOutboxEmail,
  TOutboxEmailDetail,
  TOutboxList,
  TOutboxQuery,
  TOutboxStatus,
} from '@spacecapture/shared/contracts/admin-console/outbox';
import { AppError } from '@spacecapture/shared/errors';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { REDACTED, SECRET_QUERY_NAMES } from '../../lib/secret-urls.ts';
import { findOutboxEmail, listOutboxPage } from './outbox-view-repository.ts';

/**
 * Links in our e-mails that act for their recipient: an invitation (`invite=`), an address
 * confirmation or a password reset (`token=`, `/reset-password/<token>`), the first admin's setup
 * link (`setup=`). Whoever reads the outbox must not be able to use them, so the view shows them
 * with the secret replaced (docs/decisions/018-outbox-view-redacts-secret-links.md).
 */
const SECRET_PARAMETER = new RegExp(`((?:\\?|&amp;|&)(?:${SECRET_QUERY_NAMES.join('|')})=)[^&\\s"'<>]+`, 'gi');
const SECRET_PATH = /(\/reset-password\/)[^/?#&\s"'<>]+/gi;

export function redactSecretLinks(content: string): { content: string; redacted: boolean } {
  let redacted = false;
  const replace = (_match: string, prefix: string) => {
    redacted = true;
    return `${prefix}${REDACTED}`;
  };
  const result = content.replace(SECRET_PARAMETER, replace).replace(SECRET_PATH, replace);
  return { content: result, redacted };
}

type TSummaryRow = Awaited<ReturnType<typeof listOutboxPage>>[number];

function toSummary(row: Omit<TSummaryRow, 'cursorAt'>): TOutboxEmail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status as TOutboxStatus,
    retrying: row.status === 'pending' && row.attempts > 0,
    attempts: row.attempts,
    lastError: row.lastError,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

/** The outbox for admins: every e-mail the platform sent, kept, is retrying or gave up on. */
export function createOutboxViewService(deps: { db: TDatabase }) {
  const { db } = deps;
  return {
    async list(query: TOutboxQuery): Promise<TOutboxList> {
      const rows = await listOutboxPage(db, {
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        statuses: query.status,
        q: query.q,
      });
      return toPage(rows, query.limit, (row) => row.id, toSummary);
    },

    async get(id: string): Promise<TOutboxEmailDetail> {
      const row = await findOutboxEmail(db, id);
      if (!row) throw new AppError('not_found', 'E-mail not found.');
      const html = redactSecretLinks(row.html);
      const text = redactSecretLinks(row.text);
      return {
        ...toSummary(row),
        replyTo: row.replyTo,
        html: html.content,
        text: text.content,
        redacted: html.redacted || text.redacted,
      };
    },
  };
}

export type TOutboxViewService = ReturnType<typeof createOutboxViewService>;
