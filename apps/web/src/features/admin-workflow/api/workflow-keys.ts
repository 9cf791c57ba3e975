/** Query keys of the admin workflow (triage, quotes, assignments, dashboard counts). */
export const workflowKeys = {
  all: ['admin', 'workflow'] as const,
  leads: () => [...workflowKeys.all, 'leads'] as const,
  applications: () => [...workflowKeys.all, 'applications'] as const,
  quotes: () => [...workflowKeys.all, 'quotes'] as const,
  queue: () => [...workflowKeys.all, 'assignment-queue'] as const,
  providerOptions: (orderId: string) => [...workflowKeys.all, 'provider-options', orderId] as const,
  attention: () => [...workflowKeys.all, 'attention'] as const,
};

/** The first page's size of the workflow lists (the server's maximum). */
export const WORKFLOW_PAGE_SIZE = 100;
