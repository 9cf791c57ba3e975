import type { TApplication } from '@spacecapture/shared/contracts/admin-workflow';
import type { TApplicationStatus } from '@spacecapture/shared/state-machines';
import type { TApplicationRow } from './applications-repository.ts';

/** Rows as the API shows them (the contracts in packages/shared/src/contracts/admin-workflow.ts). */

export function toApplicationView(row: TApplicationRow): TApplication {
  return {
    id: row.id,
    orgName: row.orgName,
    status: row.status as TApplicationStatus,
    region: row.region,
    contact: {
      firstName: row.contact.first_name,
      lastName: row.contact.last_name,
      email: row.contact.email,
      phone: row.contact.phone,
      website: row.contact.website,
    },
    devicesOwned: row.devicesOwned,
    devicesNotes: row.devicesNotes,
    portfolioLinks: row.portfolioLinks,
    portfolioFile: row.portfolioFile
      ? {
          originalName: row.portfolioFile.originalName,
          contentType: row.portfolioFile.contentType,
          size: row.portfolioFile.size,
        }
      : null,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
