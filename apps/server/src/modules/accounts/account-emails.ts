import { formatDateTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import { escapeHtml } from '../../lib/html.ts';
import type { TOutgoingEmail } from '../outbox/outbox-repository.ts';

/** E-mails about accounts: invitation, address confirmation, password reset. */

function actionEmail(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): TOutgoingEmail {
  const paragraphs = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const html =
    `<div style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#1a1b1e">` +
    `<h2 style="margin:0 0 8px">${escapeHtml(subject)}</h2>${paragraphs}` +
    `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#3b4cca;color:#ffffff;` +
    `text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a></p>` +
    `<p style="color:#5c5f66">If the button does not work, open this link: ${escapeHtml(action.url)}</p></div>`;
  return { to: [to], subject, html, text: [subject, '', ...lines, '', `${action.label}: ${action.url}`].join('\n') };
}

export function invitationEmail(input: {
  to: string;
  organizationName: string | null;
  role: string;
  url: string;
  expiresAt: Date;
  /** A sent quote on the organisation's order, waiting for the invitee's answer (decision 199). */
  waitingQuote?: { orderTitle: string } | null;
}) {
  const where = input.organizationName ? ` for ${input.organizationName}` : '';
  const quote = input.waitingQuote
    ? [
        `A quote for "${input.waitingQuote.orderTitle}" is waiting for your answer: once you have joined, you can accept or decline it.`,
      ]
    : [];
  return actionEmail(
    input.to,
    "You're invited to SpaceCapture",
    [
      `You have been invited to create a SpaceCapture account${where} (role: ${input.role}).`,
      ...quote,
      `Open the link below, choose your name and password, and you are signed in: the link proves this e-mail address. It works until ${formatDateTime(input.expiresAt, SERVER_TIME_ZONE)}; only joining uses it.`,
    ],
    { label: 'Accept invitation', url: input.url },
  );
}

export function verificationEmail(to: string, url: string) {
  return actionEmail(to, 'Confirm your e-mail address', ['Confirm your address to finish creating your account.'], {
    label: 'Confirm e-mail',
    url,
  });
}

export function passwordResetEmail(to: string, url: string) {
  return actionEmail(
    to,
    'Reset your password',
    ['Someone asked to reset the password of your SpaceCapture account. If it was not you, ignore this e-mail.'],
    { label: 'Choose a new password', url },
  );
}
