import { MailIcon, MapPinIcon, PhoneIcon } from '../../../components/ui/icons.tsx';
import { InstagramIcon, LinkedInIcon, TwitterIcon } from '../../../components/ui/marketing-icons.tsx';
import { SITE } from '../../../config/site.ts';
import styles from './contact.module.css';

const SOCIAL_LINKS = [
  { label: 'LinkedIn', href: SITE.social.linkedin, icon: LinkedInIcon },
  { label: 'Twitter', href: SITE.social.twitter, icon: TwitterIcon },
  { label: 'Instagram', href: SITE.social.instagram, icon: InstagramIcon },
] as const;

/** The "Get In Touch" panel: e-mail, phone, office and social links. */
export function ContactInfoPanel() {
  return (
    <section className={styles.panel} aria-labelledby="get-in-touch">
      <h2 id="get-in-touch" className={styles.panelTitle}>
        Get In Touch
      </h2>
      <p className={styles.panelIntro}>Reach us directly or send a message with the form.</p>
      <ul className={styles.entries}>
        <li className={styles.entry}>
          <span className={styles.entryIcon}>
            <MailIcon />
          </span>
          <div>
            <p className={styles.entryLabel}>Email</p>
            <p className={styles.entryValue}>
              <a href={`mailto:${SITE.email}`}>{SITE.email}</a>
            </p>
          </div>
        </li>
        <li className={styles.entry}>
          <span className={styles.entryIcon}>
            <PhoneIcon />
          </span>
          <div>
            <p className={styles.entryLabel}>Phone</p>
            <p className={styles.entryValue}>
              <a href={SITE.phoneHref}>{SITE.phoneDisplay}</a>
            </p>
          </div>
        </li>
        <li className={styles.entry}>
          <span className={styles.entryIcon}>
            <MapPinIcon />
          </span>
          <div>
            <p className={styles.entryLabel}>Office</p>
            <address className={styles.entryValue}>
              {SITE.address.street}
              <br />
              {SITE.address.city}
              <br />
              {SITE.address.country}
            </address>
          </div>
        </li>
      </ul>
      <div className={styles.social}>
        <h3 className={styles.socialTitle}>Connect With Us</h3>
        <ul className={styles.socialLinks}>
          {SOCIAL_LINKS.map(({ label, href, icon: Icon }) => (
            <li key={label}>
              <a href={href} aria-label={label} target="_blank" rel="noopener noreferrer">
                <Icon />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
