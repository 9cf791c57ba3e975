import { ButtonLink } from '../../../components/ui/button-link.tsx';
import styles from './not-found.module.css';

/**
 * The not-found page. The unknown path is logged as an error where an operator reads it: the server
 * logs every page request it answers 404 (plugins/web-app.ts); the visitor's console stays clean
 * (decision 102).
 */
export function NotFoundRoute() {
  return (
    <div className={styles.page}>
      <div>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.text}>Oops! Page not found</h1>
        <ButtonLink to="/">Return to Home</ButtonLink>
      </div>
    </div>
  );
}
