import { describe, expect, it } from 'vitest';
import { findViolations } from './check-web-boundaries.mjs';

const check = (path: string, source: string): string[] => findViolations([{ path, source }]);

describe('check-web-boundaries', () => {
  it('refuses a relative import from one feature into another', () => {
    expect(
      check(
        'features/provider-profile/components/settings-panel.tsx',
        "import { useDevices } from '../../devices/api/get-devices.ts';",
      ),
    ).toEqual([
      "features/provider-profile/components/settings-panel.tsx: '../../devices/api/get-devices.ts' imports the feature devices: compose features in src/app, or share the data in src/resources",
    ]);
  });

  it('lets a feature import its own folder, shared resources, components and lib', () => {
    const source = [
      "import { useSettings } from '../api/get-settings.ts';",
      "import { useDevices } from '../../../resources/provider/get-devices.ts';",
      "import { RecordState } from '../../../components/portal/list-state.tsx';",
      "import { apiRequest } from '../../../lib/api-client.ts';",
      "import styles from './panel.module.css';",
    ].join('\n');
    expect(check('features/provider-profile/components/settings-panel.tsx', source)).toEqual([]);
  });

  it('refuses the database package, the server and files outside the web app', () => {
    expect(check('lib/x.ts', "import { orders } from '@spacecapture/db/schema';")).toHaveLength(1);
    expect(check('features/a/api/x.ts', "export { app } from '@spacecapture/server';")).toHaveLength(1);
    expect(check('app/x.tsx', "import { table } from '../../../../packages/db/src/schema.ts';")).toEqual([
      "app/x.tsx: '../../../../packages/db/src/schema.ts' leaves apps/web/src: share code through packages/shared",
    ]);
  });

  it('refuses imports that run up the layers', () => {
    expect(check('lib/x.ts', "import { A } from '../components/ui/a.tsx';")).toEqual([
      "lib/x.ts: '../components/ui/a.tsx' runs from lib up to components",
    ]);
    expect(check('resources/provider/x.ts', "import { B } from '../../features/team/api/b.ts';")).toHaveLength(1);
    expect(
      check('components/ui/x.tsx', "const Route = lazy(() => import('../../app/routes/public/home.tsx'));"),
    ).toHaveLength(1);
  });

  it('keeps src/test for tests, and lets route modules compose features', () => {
    expect(
      check('features/a/components/x.tsx', "import { renderAt } from '../../../test/render-at.tsx';"),
    ).toHaveLength(1);
    expect(
      check('features/a/components/x.test.tsx', "import { renderAt } from '../../../test/render-at.tsx';"),
    ).toEqual([]);
    expect(
      check('app/routes/provider/devices.tsx', "import { D } from '../../../features/devices/components/d.tsx';"),
    ).toEqual([]);
  });
});
