import { Paper, Stack, Text } from '@mantine/core';
import type { TOrderRequestDetails } from '@spacecapture/shared/contracts/order-requests';
import { labelOf, SPACE_SIZE_OPTIONS, SPACE_TYPE_OPTIONS, TIMELINE_OPTIONS } from '@spacecapture/shared/enums';
import { ESTIMATOR_LOCATIONS, ESTIMATOR_URGENCIES, formatPriceRange } from '@spacecapture/shared/estimator';
import { formatArea } from '@spacecapture/shared/units';

/** The size as the formula used it, with the square feet an imperial customer typed. */
function areaOf(estimate: NonNullable<TOrderRequestDetails['estimate']>) {
  const meters = formatArea(estimate, 'metric');
  return estimate.squareFeet ? `${meters} (${formatArea(estimate, 'imperial')} as typed)` : meters;
}

/** What a customer asked for in the portal, beside the quote being written for it: the estimate they saw. */
export function CustomerRequestSummary({ request, currency }: { request: TOrderRequestDetails; currency: string }) {
  const { estimate, contact } = request;
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" aria-label="Customer's request">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          Requested in the portal by {contact.name} ({contact.email}
          {contact.phone ? `, ${contact.phone}` : ''})
        </Text>
        <Text size="sm">
          {labelOf(SPACE_TYPE_OPTIONS, request.spaceType)} · {labelOf(SPACE_SIZE_OPTIONS, request.spaceSize)} ·{' '}
          {labelOf(TIMELINE_OPTIONS, request.timeline)}
        </Text>
        {request.additionalInfo ? <Text size="sm">{request.additionalInfo}</Text> : null}
        <Text size="sm" data-testid="customer-estimate">
          {estimate
            ? `Customer's estimate: ${formatPriceRange(estimate, currency)} (${labelOf(ESTIMATOR_URGENCIES, estimate.urgency)}, ${areaOf(estimate)}, ${labelOf(ESTIMATOR_LOCATIONS, estimate.locationType)}; suggested device ${estimate.suggestedDevice})`
            : 'No estimate given.'}
        </Text>
      </Stack>
    </Paper>
  );
}
