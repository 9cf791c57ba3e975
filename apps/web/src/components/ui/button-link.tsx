import type { ReactNode } from 'react';
import { AppLink } from './app-link.tsx';
import styles from './button-link.module.css';

export type TButtonVariant = 'primary' | 'outline' | 'accent' | 'ghostLight';

type TButtonLinkProps = {
  to: string;
  children: ReactNode;
  variant?: TButtonVariant;
  size?: 'sm' | 'md' | 'lg';
  fullWidth?: boolean;
  className?: string;
};

export function buttonClassName(
  variant: TButtonVariant = 'primary',
  size: 'sm' | 'md' | 'lg' = 'md',
  fullWidth = false,
) {
  return [styles.button, styles[variant], size === 'md' ? '' : styles[size], fullWidth ? styles.fullWidth : '']
    .filter(Boolean)
    .join(' ');
}

/** A router link that looks like a button (navigation is a link, never a button). */
export function ButtonLink({ to, children, variant, size, fullWidth, className }: TButtonLinkProps) {
  const classes = [buttonClassName(variant, size, fullWidth), className].filter(Boolean).join(' ');
  return (
    <AppLink to={to} className={classes}>
      {children}
    </AppLink>
  );
}
