import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import styles from './not-found.module.css';

export function NotFoundRoute() {
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

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
