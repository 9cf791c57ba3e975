import type { TExecutor } from '@spacecapture/db/client';
import { listOrgOrdersOfProperty, type TOrderRow } from './orders-repository.ts';

export { fillMissingPropertyKeys } from './orders-repository.ts';

import { PROPERTY_KEY_PATTERN, propertyKeyOf } from './property-key.ts';

/** The most orders one property gathers: the newest, when an organisation ordered more at one site. */
const PROPERTY_ORDER_LIMIT = 100;

export type TProperty = {
  propertyId: string;
  /** The site address as the newest order gives it. */
  label: string;
  /** The newest placed order's gazetteer place ("Leeds, England, GB"), or null when none is placed. */
  placeLabel: string | null;
  orders: TOrderRow[];
};

/** The property an order belongs to (decision 237): every order has one, its site address. */
export function propertyIdOf(order: Pick<TOrderRow, 'location' | 'propertyKey'>): string {
  return order.propertyKey ?? propertyKeyOf(order.location);
}

/**
 * A property (decisions 234, 237): the organisation's orders at one site address, newest first.
 * Undefined when the organisation has no order there, so another organisation's property is not
 * found.
 */
export async function findOrgProperty(
  db: TExecutor,
  orgId: string,
  propertyId: string,
): Promise<TProperty | undefined> {
  if (!PROPERTY_KEY_PATTERN.test(propertyId)) return undefined;
  const orders = await listOrgOrdersOfProperty(db, orgId, propertyId, PROPERTY_ORDER_LIMIT);
  const newest = orders[0];
  if (!newest) return undefined;
  return {
    propertyId,
    label: newest.location,
    placeLabel: orders.find((order) => order.place)?.place?.label ?? null,
    orders,
  };
}
