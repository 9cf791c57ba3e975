import styles from './contact.module.css';
import { ContactForm } from './contact-form.tsx';
import { ContactInfoPanel } from './contact-info-panel.tsx';

/** Five columns on large screens: two for the details, three for the form. */
export function ContactSection() {
  return (
    <div className={styles.layout}>
      <div className={styles.info}>
        <ContactInfoPanel />
      </div>
      <div className={styles.form}>
        <ContactForm />
      </div>
    </div>
  );
}
