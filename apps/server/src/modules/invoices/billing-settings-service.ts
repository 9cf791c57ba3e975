import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  INVOICE_MESSAGES,
  type TCompanyBillingDetails,
  type TMonthlyApprovalRequest,
  type TOrganizationBilling,
  type TTaxRates,
} from '@spacecapture/shared/contracts/invoices';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findOrganizationRow } from '../orders/orders-repository.ts';
import {
  findCompanyBilling,
  findOrganizationBilling,
  listTaxRates,
  lockCompanyBilling,
  lockOrganizationBilling,
  replaceTaxRates,
  setOrganizationMonthlyApproval,
  type TCompanyBillingRow,
  type TOrganizationBillingRow,
  type TTaxRateRow,
  updateCompanyBilling,
  updateOrganizationBilling,
} from './billing-settings-repository.ts';

function companyOf(row: TCompanyBillingRow | undefined): TCompanyBillingDetails {
  return {
    legalName: row?.legalName ?? '',
    address: row?.address ?? '',
    country: row?.country ?? null,
    taxId: row?.taxId ?? null,
    bankDetails: row?.bankDetails ?? null,
    paymentTermsDays: row?.paymentTermsDays ?? 14,
  };
}

function ratesOf(rows: readonly TTaxRateRow[]): TTaxRates {
  return {
    rates: rows.map(({ country, label, rateBasisPoints, reverseChargeForBusiness }) => ({
      country,
      label,
      rateBasisPoints,
      reverseChargeForBusiness,
    })),
  };
}

type TOrganizationBillingView = TOrganizationBilling & { monthlyApproved: boolean; monthlyApprovedAt: string | null };

function organizationOf(row: TOrganizationBillingRow | undefined): TOrganizationBillingView {
  return {
    mode: (row?.mode ?? 'in_advance') as TOrganizationBilling['mode'],
    monthlyApproved: row?.monthlyApproved ?? false,
    monthlyApprovedAt: row?.monthlyApprovedAt?.toISOString() ?? null,
    depositPercent: row?.depositPercent ?? null,
    payBeforeDownload: row?.payBeforeDownload ?? false,
    legalName: row?.legalName ?? null,
    address: row?.address ?? null,
    country: row?.country ?? null,
    taxId: row?.taxId ?? null,
  };
}

/**
 * The billing settings admins keep (decision 209): the company's details (the seller on every
 * invoice, with the bank details for transfers and the payment terms), tax rates per country, and
 * each customer organisation's billing (when it is invoiced, pay before download, its buyer
 * details). Every save is one audit entry with what it was and what it became.
 */
export function createBillingSettingsService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;

  async function customerOrg(tx: TExecutor, id: string) {
    const org = await findOrganizationRow(tx, id);
    if (org?.type !== 'customer') throw new AppError('not_found', 'Customer organisation not found.');
    return org;
  }

  return {
    async company(): Promise<TCompanyBillingDetails> {
      return companyOf(await findCompanyBilling(db));
    },

    async saveCompany(request: TCompanyBillingDetails, actor: TActor): Promise<TCompanyBillingDetails> {
      return db.transaction(async (tx) => {
        const before = companyOf(await lockCompanyBilling(tx));
        const after = companyOf(await updateCompanyBilling(tx, request));
        await recordAudit(tx, {
          entity: 'billing_settings',
          entityId: 'company',
          action: 'update_company',
          before,
          after,
          actorUserId: actor.userId,
        });
        return after;
      });
    },

    async taxRates(): Promise<TTaxRates> {
      return ratesOf(await listTaxRates(db));
    },

    async saveTaxRates(request: TTaxRates, actor: TActor): Promise<TTaxRates> {
      return db.transaction(async (tx) => {
        // The company row's lock orders two saves of the rates one after the other.
        await lockCompanyBilling(tx);
        const before = ratesOf(await listTaxRates(tx));
        const after = ratesOf(await replaceTaxRates(tx, request.rates));
        after.rates.sort((a, b) => a.country.localeCompare(b.country));
        await recordAudit(tx, {
          entity: 'billing_settings',
          entityId: 'tax_rates',
          action: 'update_tax_rates',
          before,
          after,
          actorUserId: actor.userId,
        });
        return after;
      });
    },

    async organization(orgId: string): Promise<TOrganizationBillingView> {
      await customerOrg(db, orgId);
      return organizationOf(await findOrganizationBilling(db, orgId));
    },

    async saveOrganization(
      orgId: string,
      request: TOrganizationBilling,
      actor: TActor,
    ): Promise<TOrganizationBillingView> {
      return db.transaction(async (tx) => {
        await customerOrg(tx, orgId);
        const before = organizationOf(await lockOrganizationBilling(tx, orgId));
        // Monthly invoicing is for approved accounts only (decision 242).
        if (request.mode === 'monthly' && !before.monthlyApproved) {
          throw new AppError('conflict', INVOICE_MESSAGES.monthlyNotApproved);
        }
        const after = organizationOf(
          await updateOrganizationBilling(tx, orgId, {
            ...request,
            depositPercent: request.mode === 'deposit' ? request.depositPercent : null,
          }),
        );
        await recordAudit(tx, {
          entity: 'billing_settings',
          entityId: orgId,
          action: 'update_organization',
          before,
          after,
          actorUserId: actor.userId,
        });
        return after;
      });
    },

    /**
     * An admin approves the organisation for monthly invoicing, or withdraws the approval (decision
     * 242), audited on its own. Withdrawing is refused while the organisation is invoiced monthly:
     * the admin chooses another mode first, so no order is left without a way to be invoiced.
     */
    async setMonthlyApproval(
      orgId: string,
      request: TMonthlyApprovalRequest,
      actor: TActor,
    ): Promise<TOrganizationBillingView> {
      const now = clock();
      return db.transaction(async (tx) => {
        await customerOrg(tx, orgId);
        const row = await lockOrganizationBilling(tx, orgId);
        const before = organizationOf(row);
        if (before.monthlyApproved === request.approved) return before;
        if (!request.approved && row.mode === 'monthly') {
          throw new AppError('conflict', INVOICE_MESSAGES.monthlyStillChosen);
        }
        const after = organizationOf(
          await setOrganizationMonthlyApproval(tx, orgId, {
            monthlyApproved: request.approved,
            monthlyApprovedAt: request.approved ? now : null,
            monthlyApprovedBy: request.approved ? actor.userId : null,
          }),
        );
        await recordAudit(tx, {
          entity: 'billing_settings',
          entityId: orgId,
          action: request.approved ? 'approve_monthly' : 'withdraw_monthly',
          before,
          after,
          actorUserId: actor.userId,
        });
        return after;
      });
    },
  };
}

export type TBillingSettingsService = ReturnType<typeof createBillingSettingsService>;
