import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForTest } from '../../test/render-for-test.tsx';
import { PointTreeStatus } from './point-tree-status.tsx';

let mounted: ReturnType<typeof renderForTest> | undefined;
afterEach(() => mounted?.unmount());

const tree = (values: Partial<TPointTree>): TPointTree => ({
  state: 'none',
  percent: 0,
  url: null,
  error: null,
  ...values,
});
const shown = (value: TPointTree, showFailure: boolean) => {
  mounted?.unmount();
  mounted = renderForTest(<PointTreeStatus tree={value} showFailure={showFailure} />);
  return mounted.container.querySelector('.mantine-Text-root')?.textContent ?? '';
};

describe('PointTreeStatus', () => {
  it('shows the progress of a tree being built, to either party', () => {
    expect(shown(tree({ state: 'converting', percent: 40 }), false)).toBe('Preparing for streaming: 40 %');
    expect(mounted?.container.querySelector('[role="status"]')).not.toBeNull();
    expect(shown(tree({ state: 'pending' }), true)).toBe('Preparing for streaming: 0 %');
  });

  it('tells the provider why no tree was made, and nobody anything once it is ready or has none', () => {
    const failed = tree({ state: 'failed', error: 'The LAS header is cut short.' });
    expect(shown(failed, true)).toBe('Not prepared for streaming: The LAS header is cut short.');
    expect(shown(failed, false)).toBe('');
    expect(shown(tree({ state: 'ready', percent: 100, url: '/api/point-trees/t/ept.json' }), true)).toBe('');
    expect(shown(tree({ state: 'none' }), true)).toBe('');
  });
});
