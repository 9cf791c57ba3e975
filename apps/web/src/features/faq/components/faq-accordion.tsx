import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../../components/ui/marketing-icons.tsx';
import type { TFaqItem } from '../content/faq-content.ts';
import styles from './faq.module.css';

/** Collapsible questions, one open at a time (opening one closes the other). */
export function FaqAccordion({ items }: { items: readonly TFaqItem[] }) {
  const baseId = useId();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <ul className={styles.list}>
      {items.map((item) => {
        const open = item.id === openId;
        const panelId = `${baseId}-${item.id}-panel`;
        return (
          <li key={item.id} className={open ? `${styles.item} ${styles.itemOpen}` : styles.item}>
            <h3 className={styles.question}>
              <button
                type="button"
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
              >
                {item.question}
                <ChevronDownIcon className={styles.chevron} size={20} />
              </button>
            </h3>
            <div id={panelId} className={styles.answer} hidden={!open}>
              {item.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
