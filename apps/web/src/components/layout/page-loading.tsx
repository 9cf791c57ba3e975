import styles from './page-loading.module.css';

/** Shown while a page's code loads (first visit of a route without prerendered markup). */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
