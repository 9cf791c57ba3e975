import { summaryEmailsTo } from '../outbox/summary-emails.ts';

/** The applicant's answer when an admin declines the application; approval sends an invitation. */
export function applicationRejectedEmail(input: {
  to: string;
  firstName: string;
  orgName: string;
  reason: string | null;
}) {
  const subject = 'Your SpaceCapture provider application';
  const intro =
    `Dear ${input.firstName}, thank you for applying to join the SpaceCapture provider network with ${input.orgName}. ` +
    'After careful review we are unable to offer a place in the network at this time. ' +
    'We appreciate the time you took, and you are welcome to apply again in the future.';
  return summaryEmailsTo([input.to], subject, intro, [['Note', input.reason]]);
}
