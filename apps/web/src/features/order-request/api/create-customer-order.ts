import {
  type TCreateCustomerOrderRequest,
  ZCreateCustomerOrderResponse,
} from '@spacecapture/shared/contracts/customer-portal';
import { ORDER_REQUEST_MESSAGES } from '@spacecapture/shared/contracts/order-requests';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { customerKeys } from '../../../resources/customer/customer-keys.ts';

type TCreateCustomerOrderArgs = { request: TCreateCustomerOrderRequest; idempotencyKey: string };

/** POST /api/customer/orders → 201 the new order, awaiting its quote (a repeat of the key: the same one). */
export function createCustomerOrder({ request, idempotencyKey }: TCreateCustomerOrderArgs) {
  return apiRequest('/api/customer/orders', {
    method: 'POST',
    json: request,
    idempotencyKey,
    schema: ZCreateCustomerOrderResponse,
  });
}

/**
 * The toast and the way to the new order are the mutation's own (decision 097): they happen
 * although leaving the form unmounts it.
 */
export function useCreateCustomerOrder() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: createCustomerOrder,
    onSuccess: (order) => {
      notifySuccess(ORDER_REQUEST_MESSAGES.created);
      navigate(`${PORTAL_PATHS.customer.orders}?order=${encodeURIComponent(order.id)}`);
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
