import { describe, expect, it } from 'vitest';
import { ownPath, pathAfterSignIn, signInPathFor } from './return-path.ts';

describe('ownPath: a return target on our own origin only', () => {
  it.each([
    '/customer/quotes',
    '/customer/quotes?quote=2d1c#accept',
    '/admin/orders?order=7b0e8c2a-0000-4000-8000-000000000000',
    '/account',
  ])('keeps %s', (path) => {
    expect(ownPath(path)).toBe(path);
  });

  it.each([
    ['//evil.example', 'another host, scheme-relative'],
    ['//evil.example/customer/quotes', 'another host with our path'],
    ['https://other.example/customer/quotes', 'an absolute URL'],
    ['http://localhost:3000/customer/quotes', 'even our own absolute URL: paths only'],
    ['/\\evil.example', 'a backslash browsers read as a slash'],
    ['/customer\\quotes', 'any backslash'],
    ['/\t/evil.example', 'a tab browsers drop'],
    ['/\n/evil.example', 'a line break browsers drop'],
    ['customer/quotes', 'a relative path'],
    ['javascript:alert(1)', 'a script URL'],
    [' /customer/quotes', 'a leading space'],
    ['', 'nothing'],
    [`/${'a'.repeat(2000)}`, 'longer than any of our pages'],
  ])('refuses %j (%s)', (value) => {
    expect(ownPath(value)).toBeNull();
  });

  it('refuses a missing value', () => {
    expect(ownPath(null)).toBeNull();
    expect(ownPath(undefined)).toBeNull();
  });
});

describe('pathAfterSignIn', () => {
  it('returns to the requested page of the user’s own portal or their account page', () => {
    expect(pathAfterSignIn('customer_user', '/customer/quotes')).toBe('/customer/quotes');
    expect(pathAfterSignIn('provider_admin', '/provider/assignments?job=1')).toBe('/provider/assignments?job=1');
    expect(pathAfterSignIn('master_admin', '/admin/invitations')).toBe('/admin/invitations');
    expect(pathAfterSignIn('customer_admin', '/account#security')).toBe('/account#security');
  });

  it('goes to the role’s home for a foreign target, another portal, a public page or /auth', () => {
    expect(pathAfterSignIn('customer_user', '//evil.example')).toBe('/customer-dashboard');
    expect(pathAfterSignIn('customer_user', 'https://other.example/customer/quotes')).toBe('/customer-dashboard');
    expect(pathAfterSignIn('customer_user', '/\\evil.example')).toBe('/customer-dashboard');
    expect(pathAfterSignIn('customer_user', '/admin/orders')).toBe('/customer-dashboard');
    expect(pathAfterSignIn('provider_user', '/provider')).toBe('/provider-dashboard');
    expect(pathAfterSignIn('admin', '/auth?intent=admin')).toBe('/admin');
    expect(pathAfterSignIn('admin', null)).toBe('/admin');
  });
});

describe('signInPathFor', () => {
  it('carries the requested page, but not the portal’s own home', () => {
    expect(signInPathFor('customer', '/customer/quotes')).toBe('/auth?intent=customer&next=%2Fcustomer%2Fquotes');
    expect(signInPathFor('customer', '/customer-dashboard')).toBe('/auth?intent=customer');
    expect(signInPathFor('admin', '/admin')).toBe('/auth?intent=admin');
    expect(signInPathFor('provider', '/provider/uploads?order=1')).toBe(
      '/auth?intent=provider&next=%2Fprovider%2Fuploads%3Forder%3D1',
    );
  });
});
