import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import { useEffect } from 'react';
import { Route, Routes } from 'react-router';
import { AuthPanel, parseIntent } from '../../../features/auth/components/auth-panel.tsx';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form.tsx';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';
import { applyPageMeta, NOT_FOUND_META, type TPageMeta } from '../../../lib/page-meta.ts';
import { NotFoundRoute } from '../public/not-found.tsx';
import { AuthPageFrame } from './auth-page-frame.tsx';

const META = {
  signIn: { title: `Sign In | ${PRODUCT_NAME}`, description: 'Sign in or sign up with your invitation.' },
  forgot: { title: `Forgot Password | ${PRODUCT_NAME}`, description: 'Get a link to choose a new password.' },
  reset: { title: `Reset Password | ${PRODUCT_NAME}`, description: 'Choose a new password.' },
} satisfies Record<string, TPageMeta>;

/** The public layout leaves the title of /auth/* to these pages. */
function usePageMeta(meta: TPageMeta) {
  useEffect(() => applyPageMeta(meta), [meta]);
}

function SignInRoute() {
  usePageMeta(META.signIn);
  return (
    <AuthPageFrame>
      <AuthPanel />
    </AuthPageFrame>
  );
}

function ForgotPasswordRoute() {
  usePageMeta(META.forgot);
  const searchParams = useQueryParams();
  return (
    <AuthPageFrame card>
      <ForgotPasswordForm intent={parseIntent(searchParams.get('intent'))} />
    </AuthPageFrame>
  );
}

function ResetPasswordRoute() {
  usePageMeta(META.reset);
  const searchParams = useQueryParams();
  return (
    <AuthPageFrame card>
      <ResetPasswordForm token={searchParams.get('token') ?? ''} linkError={searchParams.has('error')} />
    </AuthPageFrame>
  );
}

function AuthNotFoundRoute() {
  usePageMeta(NOT_FOUND_META);
  return <NotFoundRoute />;
}

/** /auth and its recovery pages (spec 000 §2), inside the public chrome. */
export function AuthArea() {
  return (
    <Routes>
      <Route index element={<SignInRoute />} />
      <Route path="forgot-password" element={<ForgotPasswordRoute />} />
      <Route path="reset-password" element={<ResetPasswordRoute />} />
      <Route path="*" element={<AuthNotFoundRoute />} />
    </Routes>
  );
}
