import { ZAnnotationList } from '@spacecapture/shared/contracts/annotations';
import type { TPortal } from '@spacecapture/shared/roles';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/api-hooks.ts';

export const annotationKeys = {
  all: ['annotations'] as const,
  ofFile: (portal: TPortal, fileId: string) => [...annotationKeys.all, portal, fileId] as const,
};

/** Where a portal reads and writes a file's annotations. */
export function annotationsPath(portal: TPortal, fileId: string, format: '' | '.csv' | '.json' = '') {
  return `/api/${portal}/files/${encodeURIComponent(fileId)}/annotations${format}`;
}

/** GET /api/{portal}/files/:id/annotations → the file's units, the order's unit system and the annotations. */
export function useAnnotations(portal: TPortal, fileId: string) {
  return useQuery(
    endpointQuery(annotationKeys.ofFile(portal, fileId), annotationsPath(portal, fileId), ZAnnotationList),
  );
}
