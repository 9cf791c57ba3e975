import type { Page } from '@playwright/test';
import { expect } from '../auth/support.ts';
import {
  acceptAssignment,
  acceptQuote,
  assignOrder,
  createOrder,
  proposeSchedule,
  sendQuote,
  signInPage,
  test,
} from '../support/marketplace.ts';

test.describe.configure({ timeout: 120_000 });

/** The organisation's one job's urgency badge on the dashboard's Projects tab and on Assigned Jobs. */
async function urgencyOnBothPages(page: Page) {
  await page.goto('/provider-dashboard');
  const project = page.getByTestId('project-card');
  await expect(project).toHaveCount(1);
  const onDashboard = await project.getByText(/ urgency$/).textContent();
  await page.getByRole('navigation', { name: 'Provider Portal' }).getByRole('link', { name: 'Assigned Jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Assigned Jobs' })).toBeVisible();
  const job = page.getByTestId('job-card');
  await expect(job).toHaveCount(1);
  const onJobs = await job.getByText(/ urgency$/).textContent();
  return { onDashboard, onJobs };
}

test('a job shows the same urgency on the dashboard and on Assigned Jobs, as the offer and as accepted work', async ({
  page,
  deps,
  market,
}) => {
  // The customer asked for the standard timeline (1-2 weeks); the offer gives 48 hours to answer.
  const order = await createOrder(deps, market.customer.organization.id);
  const { quoteId } = await sendQuote(deps.admin, order.orderId);
  await acceptQuote(market.customer.api, quoteId);
  const { assignmentId } = await assignOrder(deps.admin, order.orderId, market.provider.organization.id, {
    compensation: 800,
  });
  await signInPage(page, market.provider);

  // An open offer with two days to answer: low, on both pages (it was "medium" on one of them).
  const offer = await urgencyOnBothPages(page);
  expect(offer).toEqual({ onDashboard: 'low urgency', onJobs: 'low urgency' });

  // Accepted, with a capture window starting tomorrow: high, on both pages.
  await acceptAssignment(market.provider.api, assignmentId);
  const start = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await proposeSchedule(market.provider.api, assignmentId, start, new Date(start.getTime() + 4 * 60 * 60 * 1000));
  const accepted = await urgencyOnBothPages(page);
  expect(accepted).toEqual({ onDashboard: 'high urgency', onJobs: 'high urgency' });
});
