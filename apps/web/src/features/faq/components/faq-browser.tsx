import { PATHS } from '@spacecapture/shared/paths';
import { useState } from 'react';
import { ButtonLink } from '../../../components/ui/button-link.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { FAQ_CATEGORIES, FAQ_ITEMS, type TFaqCategory } from '../content/faq-content.ts';
import styles from './faq.module.css';
import { FaqAccordion } from './faq-accordion.tsx';

/** FAQ categories as tabs (General first) with the questions of the selected one. */
export function FaqBrowser() {
  const [category, setCategory] = useState<TFaqCategory>('general');
  return (
    <>
      <Tabs label="Question categories" tabs={FAQ_CATEGORIES} value={category} onChange={setCategory} centered>
        <h2 className="visually-hidden">{FAQ_CATEGORIES.find((item) => item.value === category)?.label}</h2>
        {/* A new key per category: switching tabs starts with every question closed. */}
        <FaqAccordion key={category} items={FAQ_ITEMS[category]} />
      </Tabs>
      <div className={styles.contact}>
        <div>
          <h2 className={styles.contactTitle}>Still have questions?</h2>
          <p className={styles.contactText}>Our team is happy to help with anything not covered here.</p>
        </div>
        <ButtonLink to={PATHS.contact} size="lg">
          Contact Us
        </ButtonLink>
      </div>
    </>
  );
}
