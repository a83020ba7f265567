import { expect, test } from '@playwright/test';
import { loginViaApi, registerViaApi } from './fixtures';

test("a held wallet payment is in the donor's Payment History, and the pay step warns before a second one", async ({
  page,
  request,
}) => {
  const donor = await registerViaApi(request, { name: 'Worried Donor' });
  const funds = (await (await request.get('/api/funds?pageSize=100')).json()) as {
    items: { id: string; name: string }[];
  };
  const fund = funds.items[0]!;
  // bKash through the test checkout, with the number the gateway holds for review.
  const start = await request.post('/api/payments/checkout', {
    data: { fundId: fund.id, amountTk: 700, method: 'bkash' },
  });
  expect(start.status(), await start.text()).toBe(201);
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  const paid = await request.post(redirectUrl, {
    form: { wallet: '01700000001', otp: '123456', action: 'pay' },
  });
  expect(paid.status()).toBe(200);

  await loginViaApi(page, donor.email, donor.password);
  await page.goto('/dashboard/paymenthistory');
  const row = page.getByRole('row').filter({ hasText: fund.name });
  await expect(row).toContainText('Held for review');
  await expect(row).toContainText('you will not be charged twice');

  await page.goto(`/dashboard/selecteddonation/pay/${fund.id}`);
  const warning = page.getByRole('alert').filter({
    hasText: 'You already have a payment to this fund being checked',
  });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: 'See it in Payment History' })).toBeVisible();
});
