import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { DOWNLOAD_LINK_TTL_SECONDS } from '@spacecapture/shared/contracts/customer-portal';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/ui/app-link.tsx';

type TStep = { title: string; body: ReactNode };

function PortalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={AppLink} to={to}>
      {children}
    </Anchor>
  );
}

/** The real path of an order, in the order it happens (what the portal and the server enforce). */
const STEPS: readonly TStep[] = [
  {
    title: 'Request a capture',
    body: (
      <>
        Describe the space, its location, what you need and your timeline. Our team reviews every request and creates
        the order for your organisation; it appears under{' '}
        <PortalLink to={PORTAL_PATHS.customer.orders}>Orders</PortalLink>.
      </>
    ),
  },
  {
    title: 'Receive a quote',
    body: (
      <>
        We send a quote with its price breakdown, total, SLA and validity date. Every member of your organisation is
        e-mailed, and the quote waits for you under{' '}
        <PortalLink to={PORTAL_PATHS.customer.quotes}>Quotes &amp; Invoices</PortalLink>.
      </>
    ),
  },
  {
    title: 'Accept or decline',
    body: 'Answer before the validity date; after it, the quote expires and we can send a new one. Accepting approves the order and makes its invoice available to print. Declining leaves the order open for another quote.',
  },
  {
    title: 'A provider is assigned and scheduled',
    body: 'We offer the job to a certified provider who covers your area. Once they accept, they propose a capture window; we confirm it and e-mail everyone in your organisation the date and time.',
  },
  {
    title: 'Capture',
    body: 'The provider captures the space on site in the confirmed window. Your order shows its progress from capture through processing and quality checks to delivery.',
  },
  {
    title: 'Download your deliverables',
    body: (
      <>
        Finished files appear under <PortalLink to={PORTAL_PATHS.customer.deliverables}>Deliverables</PortalLink>. Each
        download uses a private link that works for {DOWNLOAD_LINK_TTL_SECONDS} seconds; ask for a new link whenever you
        need the file again.
      </>
    ),
  },
];

/** "How ordering works": the steps from request to deliverables. */
export function OrderingSteps() {
  return (
    <Paper component="section" aria-labelledby="how-ordering-works" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Title order={2} fz={20} id="how-ordering-works">
          How ordering works
        </Title>
        <List type="ordered" spacing="md">
          {STEPS.map((step) => (
            <List.Item key={step.title}>
              <Text fw={600}>{step.title}</Text>
              <Text size="sm" c="dimmed">
                {step.body}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}
