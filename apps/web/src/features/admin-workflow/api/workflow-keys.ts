/** A triage list's filters as the URL holds them: a status, "open" or "all", and a search. */
export type TTriageFilters = { status: string; q: string };

/** Query keys of the admin workflow (triage, quotes, assignments, dashboard counts). */
export const workflowKeys = {
  all: ['admin', 'workflow'] as const,
  leads: (filters: TTriageFilters) => [...workflowKeys.all, 'leads', filters] as const,
  applications: (filters: TTriageFilters) => [...workflowKeys.all, 'applications', filters] as const,
  quotes: () => [...workflowKeys.all, 'quotes'] as const,
  queue: () => [...workflowKeys.all, 'assignment-queue'] as const,
  providerOptions: (orderId: string) => [...workflowKeys.all, 'provider-options', orderId] as const,
  attention: () => [...workflowKeys.all, 'attention'] as const,
  quotePreview: (id: string) => [...workflowKeys.all, 'quote-preview', id] as const,
  priceBook: () => [...workflowKeys.all, 'price-book'] as const,
};

/** The first page's size of the workflow lists (the server's maximum). */
export const WORKFLOW_PAGE_SIZE = 100;
