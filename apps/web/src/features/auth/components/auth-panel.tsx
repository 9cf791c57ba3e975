import { Alert, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES } from '@spacecapture/shared/contracts/account';
import { AUTH_INTENT_TEXT, AUTH_INTENTS, AUTH_MESSAGES, type TAuthIntent } from '@spacecapture/shared/contracts/auth';
import { pathAfterSignIn } from '@spacecapture/shared/return-path';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { SessionLoading } from '../../../components/portal/session-loading.tsx';
import { useSession } from '../../../lib/auth/get-me.ts';
import { Redirect, useQueryParams } from '../../../lib/navigation.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { FirstAdminForm } from './first-admin-form.tsx';
import { JoinForm } from './join-form.tsx';
import { SignInForm } from './sign-in-form.tsx';
import { TwoFactorChallenge } from './two-factor-challenge.tsx';
import { useCompleteSignIn } from './use-complete-sign-in.ts';

type TTab = 'signin' | 'signup';

const JOIN_TEXT = {
  heading: 'Accept your invitation',
  description: 'Your invitation names your e-mail address, your organisation and your account type.',
};

export function parseIntent(value: string | null): TAuthIntent {
  return AUTH_INTENTS.find((intent) => intent === value) ?? 'customer';
}

/** The link's outcome (e-mail confirmation) as a toast, once; then the parameters leave the URL. */
function useLinkOutcomeToast() {
  const searchParams = useQueryParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const shown = useRef(false);
  const error = searchParams.get('error');
  const verified = searchParams.get('verified');
  useEffect(() => {
    if (shown.current || (!error && !verified)) return;
    shown.current = true;
    if (error) {
      notifyError({
        title: ACCOUNT_MESSAGES.linkInvalidTitle,
        message: `${ACCOUNT_MESSAGES.linkInvalid} Sign in to get a new confirmation link.`,
      });
    } else {
      notifySuccess({ title: ACCOUNT_MESSAGES.emailConfirmedTitle, message: ACCOUNT_MESSAGES.emailConfirmed });
    }
    const next = new URLSearchParams(searchParams);
    next.delete('error');
    next.delete('verified');
    const search = next.toString();
    navigate({ search: search ? `?${search}` : '', hash }, { replace: true });
  }, [error, verified, searchParams, hash, navigate]);
}

/**
 * /auth (spec 000 §2): the intent's heading and description; Sign In and Sign Up tabs (no Sign Up
 * for admins); the second-factor step; the first-admin form of the one-time setup link. A
 * signed-in visitor is sent to the page they asked for (`next`) or their role's home.
 */
export function AuthPanel() {
  const searchParams = useQueryParams();
  const intent = parseIntent(searchParams.get('intent'));
  const setupToken = intent === 'admin' ? (searchParams.get('setup') ?? '') : '';
  const invitedEmail = searchParams.get('email') ?? '';
  // The invitation link's token: with it the page is the invitation's join page (decision 199).
  const invitationToken = intent === 'admin' ? '' : (searchParams.get('invite') ?? '');
  // The page a signed-out visitor asked for; followed only when it is our own (issue 17 item 6).
  const next = searchParams.get('next');
  const [tab, setTab] = useState<TTab>(
    searchParams.get('tab') === 'signup' && intent !== 'admin' ? 'signup' : 'signin',
  );
  const [step, setStep] = useState<'credentials' | 'second-factor' | 'setup'>(setupToken ? 'setup' : 'credentials');
  const [signInEmail, setSignInEmail] = useState(invitedEmail);
  const [signingIn, setSigningIn] = useState(false);
  const session = useSession();
  const completeSignIn = useCompleteSignIn(next);
  useLinkOutcomeToast();

  const onSignedIn = async (to?: string | null) => {
    setSigningIn(true);
    await completeSignIn(to);
  };

  if (session.data && !signingIn) return <Redirect to={pathAfterSignIn(session.data.role, next)} />;
  if (session.isPending) return <SessionLoading />;

  const text = invitationToken ? JOIN_TEXT : AUTH_INTENT_TEXT[intent];

  let content: ReactNode;
  if (invitationToken && step === 'credentials') {
    content = <JoinForm invitationToken={invitationToken} onJoined={onSignedIn} />;
  } else if (step === 'setup') {
    content = (
      <FirstAdminForm
        setupToken={setupToken}
        onSignedIn={onSignedIn}
        onCreated={(email) => {
          setSignInEmail(email);
          setStep('credentials');
        }}
      />
    );
  } else if (step === 'second-factor') {
    content = <TwoFactorChallenge onSignedIn={onSignedIn} onCancel={() => setStep('credentials')} />;
  } else {
    const signIn = (
      <SignInForm
        key={signInEmail}
        intent={intent}
        defaultEmail={signInEmail}
        onSignedIn={onSignedIn}
        onSecondFactor={() => setStep('second-factor')}
      />
    );
    content =
      intent === 'admin' ? (
        signIn
      ) : (
        <Tabs value={tab} onChange={(value) => setTab(value === 'signup' ? 'signup' : 'signin')} keepMounted={false}>
          <Tabs.List grow mb="lg">
            <Tabs.Tab value="signin">Sign In</Tabs.Tab>
            <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="signin">{signIn}</Tabs.Panel>
          <Tabs.Panel value="signup">
            <Alert color="brand" variant="light" title="Invitation required">
              <Text size="sm">
                {AUTH_MESSAGES.inviteRequired} The link in your invitation e-mail opens a page where you choose your
                name and password.
              </Text>
            </Alert>
          </Tabs.Panel>
        </Tabs>
      );
  }

  return (
    <Stack gap="lg" w="100%" maw={460} mx="auto">
      <div style={{ textAlign: 'center' }}>
        <Title order={1} fz={{ base: 28, sm: 32 }} c="var(--color-heading)">
          {text.heading}
        </Title>
        <Text c="dimmed" mt={6}>
          {text.description}
        </Text>
      </div>
      <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }}>
        {content}
      </Paper>
    </Stack>
  );
}
