import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { FaqBrowser } from './faq-browser.tsx';

const mount = mountPerTest();

beforeEach(() => {
  act(() => {
    mount.root.render(
      <MemoryRouter>
        <FaqBrowser />
      </MemoryRouter>,
    );
  });
});

const questions = () => [...mount.container.querySelectorAll<HTMLButtonElement>('button[aria-expanded]')];
const tab = (name: string) =>
  [...mount.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find(
    (element) => element.textContent === name,
  );

describe('FaqBrowser', () => {
  it('opens General by default and keeps one question open at a time', () => {
    expect(tab('General')?.getAttribute('aria-selected')).toBe('true');
    const [first, second] = questions();
    act(() => first?.click());
    expect(first?.getAttribute('aria-expanded')).toBe('true');
    act(() => second?.click());
    expect(first?.getAttribute('aria-expanded')).toBe('false');
    expect(second?.getAttribute('aria-expanded')).toBe('true');
    act(() => second?.click());
    expect(questions().every((question) => question.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('states the product facts across its categories', () => {
    const text: string[] = [];
    for (const name of ['General', 'For Customers', 'For Providers', 'Technical']) {
      act(() => tab(name)?.click());
      text.push(mount.container.textContent ?? '');
    }
    const all = text.join(' ');
    for (const fact of [
      '24-72 hours',
      'within 14 days',
      'PRO, MINION, META or MEGA',
      'Rush options',
      'OBJ/FBX',
      'E57/PLY',
      'HTML tours',
      'PDF plans',
    ]) {
      expect(all).toContain(fact);
    }
    expect(mount.container.querySelector('a[href="/contact"]')?.textContent).toBe('Contact Us');
  });
});
