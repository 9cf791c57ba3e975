import { describe, expect, it } from 'vitest';
import { isSidebarShortcut, readSidebarExpanded, sidebarCookie } from './sidebar-state.ts';

describe('sidebar state cookie', () => {
  it('is expanded unless the cookie says false', () => {
    expect(readSidebarExpanded('')).toBe(true);
    expect(readSidebarExpanded('a=1; sidebar_state=true')).toBe(true);
    expect(readSidebarExpanded('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarExpanded('other_sidebar_state=false')).toBe(true);
  });

  it('lasts seven days on every path', () => {
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });
});

describe('sidebar shortcut', () => {
  const key = { key: 'b', ctrlKey: false, metaKey: false, altKey: false, shiftKey: false };
  it('is Ctrl+B or Cmd+B', () => {
    expect(isSidebarShortcut({ ...key, ctrlKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ ...key, key: 'B', ctrlKey: true })).toBe(true);
  });
  it('is nothing else', () => {
    expect(isSidebarShortcut(key)).toBe(false);
    expect(isSidebarShortcut({ ...key, ctrlKey: true, shiftKey: true })).toBe(false);
    expect(isSidebarShortcut({ ...key, key: 'c', ctrlKey: true })).toBe(false);
  });
});
