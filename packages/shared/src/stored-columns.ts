import type { TCaptureDevice } from './enums.ts';
import type { ESTIMATOR_LOCATION_TYPES, ESTIMATOR_URGENCY_LEVELS } from './estimator.ts';

/**
 * The shapes of the database's JSON columns. They sit below both the database package, which types
 * its columns with them, and the API contracts, whose schemas must produce them; so the database
 * never depends on an API's wording (packages/db may not import contracts).
 */

/** order_leads.contact: who asked for a capture, as they typed it. */
export type TLeadContact = {
  name: string;
  email: string;
  phone: string;
  company: string | null;
};

/** The estimate the server computed when a portal order was made, with the estimator's inputs. */
export type TStoredOrderEstimate = {
  /** The area the formula used; converted (and rounded) when the customer typed square feet. */
  squareMeters: number;
  /** The area as typed in square feet by an imperial organisation (decision 203); absent otherwise. */
  squareFeet?: number | null;
  locationType: (typeof ESTIMATOR_LOCATION_TYPES)[number];
  urgency: (typeof ESTIMATOR_URGENCY_LEVELS)[number];
  price: number;
  low: number;
  high: number;
  turnaroundDays: number;
  suggestedDevice: TCaptureDevice;
};

/** orders.request_details: what an order made in the portal keeps of its request (decision 104). */
export type TOrderRequestDetails = {
  source: 'portal';
  spaceType: string;
  spaceSize: string;
  timeline: string;
  additionalInfo: string | null;
  contact: { userId: string; name: string; email: string; phone: string | null };
  estimate: TStoredOrderEstimate | null;
  sourceOrderId: string | null;
};
