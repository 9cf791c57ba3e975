import { useListParams } from '../../../lib/list-params.ts';
import { CustomerDetail } from './customer-detail.tsx';
import { CustomersList } from './customers-list.tsx';

/** /admin/customers: the list, or one customer's detail when the URL names it (?customer=<id>). */
export function CustomersScreen() {
  const { params, update } = useListParams();
  const customerId = params.get('customer');
  if (customerId) return <CustomerDetail id={customerId} onBack={() => update({ customer: null })} />;
  return <CustomersList />;
}
