import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { PATHS } from '@spacecapture/shared/paths';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { signInPathFor } from '@spacecapture/shared/return-path';
import type { TPortal } from '@spacecapture/shared/roles';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { SessionLoading } from '../../components/portal/session-loading.tsx';
import { useSession } from '../../lib/auth/get-me.ts';
import { ProfileContext } from '../../lib/auth/profile-context.ts';
import { Redirect } from '../../lib/navigation.ts';

type TRequirePortalProps = {
  /** The area's portal, or 'any' for pages every signed-in user has (/account). */
  portal: TPortal | 'any';
  children: (profile: TProfile) => ReactNode;
};

/** An admin who must set up a second factor is sent to the security section of /account. */
export function mustEnrolSecondFactor(profile: TProfile): boolean {
  return profile.portal === 'admin' && profile.mfa.required && !profile.mfa.enrolled;
}

/**
 * The guard of a signed-in area (spec 000 §2 "Protected areas", §6): "Loading..." while the
 * session loads; nobody signed in → /auth with the area's intent and the requested page (signing
 * in returns there, issue 17 item 6); a role of another portal → /;
 * a failed role read → /. The server refuses the same requests on its own.
 */
export function RequirePortal({ portal, children }: TRequirePortalProps) {
  const session = useSession();
  const { pathname, search, hash } = useLocation();
  if (session.isPending) return <SessionLoading />;
  const profile = session.data;
  if (profile === undefined) return <Redirect to={PATHS.home} />;
  if (profile === null) {
    const intent = portal === 'any' ? 'customer' : portal;
    return <Redirect to={signInPathFor(intent, `${pathname}${search}${hash}`)} />;
  }
  if (portal !== 'any' && profile.portal !== portal) return <Redirect to={PATHS.home} />;
  if (mustEnrolSecondFactor(profile) && pathname !== PORTAL_PATHS.account) {
    return <Redirect to={`${PORTAL_PATHS.account}#security`} />;
  }
  return <ProfileContext value={profile}>{children(profile)}</ProfileContext>;
}
