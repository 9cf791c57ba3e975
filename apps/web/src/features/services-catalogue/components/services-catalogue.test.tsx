import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { ServicesCatalogue } from './services-catalogue.tsx';

const mount = mountPerTest();

beforeEach(() => {
  act(() => {
    mount.root.render(
      <MemoryRouter>
        <ServicesCatalogue />
      </MemoryRouter>,
    );
  });
});

function button(name: string) {
  const found = [...mount.container.querySelectorAll('button')].find((element) => element.textContent === name);
  if (!found) throw new Error(`No button ${name}`);
  return found;
}

function cardCount() {
  return mount.container.querySelectorAll('h2').length;
}

describe('ServicesCatalogue', () => {
  it('narrows the cards with multi-select filters and clears them', () => {
    expect(cardCount()).toBe(6);
    act(() => button('Real Estate').click());
    expect(cardCount()).toBe(1);
    act(() => button('Insurance & Claims').click());
    expect(cardCount()).toBe(2);
    expect(button('Real Estate').getAttribute('aria-pressed')).toBe('true');
    act(() => button('Clear Filters').click());
    expect(cardCount()).toBe(6);
  });

  it('clears the filters when switching tabs', () => {
    act(() => button('Real Estate').click());
    act(() => button('Products & Deliverables').click());
    expect(button('Products & Deliverables').getAttribute('aria-selected')).toBe('true');
    expect(cardCount()).toBe(5);
    act(() => button('Use Cases & Applications').click());
    expect(cardCount()).toBe(6);
  });
});
