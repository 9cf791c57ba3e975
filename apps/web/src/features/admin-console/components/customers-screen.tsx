import { useListParams } from '../../../lib/list-params.ts';
import { CustomerDetail, type TCustomerBillingSlot } from './customer-detail.tsx';
import { CustomersList } from './customers-list.tsx';

/** /admin/customers: the list, or one customer's detail when the URL names it (?customer=<id>). */
export function CustomersScreen({ billing }: { billing?: TCustomerBillingSlot } = {}) {
  const { params, update } = useListParams();
  const customerId = params.get('customer');
  if (customerId) return <CustomerDetail id={customerId} billing={billing} onBack={() => update({ customer: null })} />;
  return <CustomersList />;
}
