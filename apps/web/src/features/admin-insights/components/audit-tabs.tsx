import { Tabs } from '../../../components/ui/tabs.tsx';
import { useUrlParams } from '../lib/use-url-params.ts';
import { AuditLog } from './audit-log.tsx';
import { OutboxList } from './outbox-list.tsx';

type TAuditTab = 'entries' | 'outbox';

const TABS = [
  { value: 'entries', label: 'Audit log' },
  { value: 'outbox', label: 'E-mail outbox' },
] as const;

/** /admin/audit: the audit log, and the e-mail outbox as a second tab (?tab=outbox). */
export function AuditTabs() {
  const [params, setParams] = useUrlParams();
  const tab: TAuditTab = params.get('tab') === 'outbox' ? 'outbox' : 'entries';
  return (
    <Tabs
      label="Audit views"
      tabs={TABS}
      value={tab}
      // Each tab has its own filters: switching starts the other one unfiltered.
      onChange={(next) =>
        setParams((current) => {
          for (const key of [...current.keys()]) current.delete(key);
          if (next === 'outbox') current.set('tab', 'outbox');
        })
      }
    >
      {tab === 'outbox' ? <OutboxList /> : <AuditLog />}
    </Tabs>
  );
}
