import { createHash, createHmac, randomUUID } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@spacecapture/shared/contracts/invitations';

/**
 * Invitation tokens (decision 091): an HMAC under the instance's secret of the invitation's id and
 * expiry, so they are unguessable, only their hash is stored, and an admin can be shown the link
 * again without keeping it. A resend moves the expiry, which makes a new token.
 */
export function invitationToken(secret: string, id: string, expiresAt: Date) {
  return createHmac('sha256', secret).update(`invitation-link:${id}:${expiresAt.toISOString()}`).digest('base64url');
}

/** A new invitation's id, token and expiry; the expiry is always later than `after` (a resend). */
export function newInvitationToken(secret: string, now: Date, options: { id?: string; after?: Date } = {}) {
  const id = options.id ?? randomUUID();
  let expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);
  if (options.after && expiresAt.getTime() <= options.after.getTime())
    expiresAt = new Date(options.after.getTime() + 1);
  const token = invitationToken(secret, id, expiresAt);
  return { id, token, tokenHash: hashInvitationToken(token), expiresAt };
}

export function hashInvitationToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

export function invitationLink(publicUrl: string, input: { token: string; email: string; orgType: string | null }) {
  const params = new URLSearchParams({
    intent: input.orgType === 'provider' ? 'provider' : 'customer',
    tab: 'signup',
    email: input.email,
    invite: input.token,
  });
  return `${publicUrl}/auth?${params.toString()}`;
}
