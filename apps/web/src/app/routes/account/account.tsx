import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { CalendarFeedCard } from '../../../features/account/components/calendar-feed-card.tsx';
import { ChangePasswordForm } from '../../../features/account/components/change-password-form.tsx';
import { ProfileCard } from '../../../features/account/components/profile-card.tsx';
import { SessionsCard } from '../../../features/account/components/sessions-card.tsx';
import { TwoFactorCard } from '../../../features/account/components/two-factor-card.tsx';
import { NotificationPreferencesCard } from '../../../features/notifications/components/notification-preferences-card.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';

/** /account: the signed-in user's profile, password, sessions and second factor (every portal). */
export function AccountRoute() {
  const profile = useProfile();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <PortalPage
      title="Account"
      description="Your profile, password, sessions, two-factor authentication and notifications."
    >
      <ProfileCard profile={profile} />
      <TwoFactorCard profile={profile} />
      <ChangePasswordForm />
      <SessionsCard />
      <NotificationPreferencesCard />
      {/* A provider's calendar address lives with its schedule. */}
      {profile.portal === 'provider' ? null : <CalendarFeedCard profile={profile} />}
    </PortalPage>
  );
}
