/** What a guard shows while the session loads (spec 000 §2: the text Loading...). */
export function SessionLoading() {
  return (
    <div
      role="status"
      style={{ display: 'grid', placeItems: 'center', minHeight: '50vh', color: 'var(--color-muted)' }}
    >
      Loading...
    </div>
  );
}
