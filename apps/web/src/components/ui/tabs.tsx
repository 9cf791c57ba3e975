import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import styles from './tabs.module.css';

export type TTab<T extends string> = { value: T; label: string };

type TTabsProps<T extends string> = {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TTab<T>[];
  value: T;
  onChange: (value: T) => void;
  /** The content of the selected tab's panel. */
  children: ReactNode;
  /** Centres the tab list above the panel. */
  centered?: boolean;
};

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between tabs. */
export function Tabs<T extends string>({ label, tabs, value, onChange, children, centered = false }: TTabsProps<T>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (tab: T) => `${baseId}-tab-${tab}`;
  const panelId = `${baseId}-panel`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === value);
    const targets: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    };
    const nextIndex = targets[event.key];
    const next = nextIndex === undefined ? undefined : tabs[nextIndex];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    tabRefs.current.get(next.value)?.focus();
  }

  return (
    <div className={centered ? `${styles.root} ${styles.centered}` : styles.root}>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.value, element);
                else tabRefs.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              className={styles.tab}
              onClick={() => onChange(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
