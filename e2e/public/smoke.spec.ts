import { expect, test } from '../support/test.ts';

test('the API answers through the browser stack', async ({ request, inspector }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const rows = await inspector.query('select count(*)::int as n from order_leads');
  expect(rows[0]?.n).toBe(0);
});
