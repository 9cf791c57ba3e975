import { DELIVERABLES, USE_CASES } from '@spacecapture/shared/catalogues';
import { useState } from 'react';
import { Tabs, type TTab } from '../../../components/ui/tabs.tsx';
import { filterByIds, toggleId } from '../utils/filter-by-ids.ts';
import { ServiceCard } from './service-card.tsx';
import styles from './services-catalogue.module.css';

type TCatalogueTab = 'use-cases' | 'deliverables';

const TABS: readonly TTab<TCatalogueTab>[] = [
  { value: 'use-cases', label: 'Use Cases & Applications' },
  { value: 'deliverables', label: 'Products & Deliverables' },
];

/** The services catalogue (spec §2 /services): two tabs, multi-select filters, Request Service cards. */
export function ServicesCatalogue() {
  const [tab, setTab] = useState<TCatalogueTab>('use-cases');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());

  const items = tab === 'use-cases' ? USE_CASES : DELIVERABLES;
  const visibleUseCases = filterByIds(USE_CASES, selected);
  const visibleDeliverables = filterByIds(DELIVERABLES, selected);
  const visibleCount = tab === 'use-cases' ? visibleUseCases.length : visibleDeliverables.length;
  const noun = tab === 'use-cases' ? 'use cases' : 'deliverables';

  function changeTab(next: TCatalogueTab) {
    if (next === tab) return;
    setTab(next);
    setSelected(new Set());
  }

  return (
    <Tabs label="Service catalogue" tabs={TABS} value={tab} onChange={changeTab} centered>
      <fieldset className={styles.filterSet}>
        <legend className="visually-hidden">Filter {noun}</legend>
        <div className={styles.filters}>
          <span className={styles.filtersLabel} aria-hidden="true">
            Filter:
          </span>
          {items.map((item) => (
            <button
              key={item.id}
              type="button"
              className={styles.filter}
              aria-pressed={selected.has(item.id)}
              onClick={() => setSelected((current) => toggleId(current, item.id))}
            >
              {item.name}
            </button>
          ))}
          <button type="button" className={styles.clear} onClick={() => setSelected(new Set())}>
            Clear Filters
          </button>
        </div>
      </fieldset>
      <p className={styles.count} aria-live="polite">
        Showing {visibleCount} of {items.length} {noun}
      </p>
      {tab === 'use-cases' ? (
        <ul className={styles.grid}>
          {visibleUseCases.map((useCase) => (
            <ServiceCard
              key={useCase.id}
              name={useCase.name}
              description={useCase.description}
              tagsLabel="Deliverables"
              tags={useCase.deliverables}
              variant="deliverables"
              turnaround={useCase.turnaround}
              pricing={useCase.pricing}
            />
          ))}
        </ul>
      ) : (
        <ul className={styles.grid}>
          {visibleDeliverables.map((deliverable) => (
            <ServiceCard
              key={deliverable.id}
              name={deliverable.name}
              description={deliverable.description}
              tagsLabel="Compatible devices"
              tags={deliverable.devices}
              variant="devices"
              turnaround={deliverable.turnaround}
              pricing={deliverable.pricing}
            />
          ))}
        </ul>
      )}
    </Tabs>
  );
}
