import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { PerformancePanel } from '../../../features/performance/components/performance-panel.tsx';
import { ProjectDetail } from '../../../features/projects/components/project-detail.tsx';
import { ProjectsList } from '../../../features/projects/components/projects-list.tsx';
import { SettingsPanel } from '../../../features/provider-profile/components/settings-panel.tsx';
import { ReadinessPanel } from '../../../features/provider-readiness/components/readiness-panel.tsx';
import { useQueryParams } from '../../../lib/navigation.ts';
import { dashboardHref, isTab, type TTab } from './dashboard-href.ts';

/** Tabs Projects, Performance and Settings (spec 001 §2); a project's detail is ?project=<id>. */
export function ProviderDashboard() {
  const params = useQueryParams();
  const navigate = useNavigate();
  const requested = params.get('tab');
  const projectId = params.get('project');
  const tab: TTab = projectId ? 'projects' : isTab(requested) ? requested : 'projects';

  return (
    <>
      <ReadinessPanel />
      <Tabs
        value={tab}
        onChange={(value) => navigate(dashboardHref({ tab: isTab(value) ? value : 'projects' }))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="projects">Projects</Tabs.Tab>
          <Tabs.Tab value="performance">Performance</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="projects">
          {projectId ? (
            <ProjectDetail projectId={projectId} onBack={() => navigate(dashboardHref({}))} />
          ) : (
            <ProjectsList hrefOf={(id) => dashboardHref({ project: id })} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="performance">
          <PerformancePanel />
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
