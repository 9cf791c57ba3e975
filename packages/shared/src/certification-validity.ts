/** The one rule for "a valid certification", read by dispatch and by the provider's checklist. */
export type TCertificationFact = { status: string; expiry: Date | string | null };

/** An active certification that has not expired by `at` (ms since the epoch), if the provider has one. */
export function validCertificationAt<T extends TCertificationFact>(
  certifications: readonly T[],
  at: number,
): T | undefined {
  return certifications.find(
    (cert) => cert.status === 'active' && (cert.expiry === null || new Date(cert.expiry).getTime() >= at),
  );
}
