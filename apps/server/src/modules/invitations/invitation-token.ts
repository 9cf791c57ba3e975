import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_TTL_DAYS } from '@spacecapture/shared/contracts/invitations';

/** Invitation tokens: random, shown once in the e-mail; only their hash is stored. */
export function newInvitationToken(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    tokenHash: hashInvitationToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000),
  };
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
