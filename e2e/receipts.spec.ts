import { DEMO, donateViaApi, expect, loginViaApi, mailTo, registerViaApi, test } from './fixtures';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

test(
  'donate → thank-you page → receipt e-mail with the PDF in the outbox',
  { tag: '@smoke' },
  async ({ page, request }) => {
    const account = await registerViaApi(request, { name: 'রাফি Hasan' });
    await loginViaApi(page, account.email, account.password);
    const funds = (await (await page.request.get('/api/funds?pageSize=100')).json()) as {
      items: { id: string; name: string }[];
    };
    const fund = funds.items.find((f) => f.name === 'Funds for New School Building')!;
    expect(fund, 'a demo fund').toBeTruthy();

    await page.goto(`/dashboard/selecteddonation/pay/${fund.id}?amount=2500`);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`);
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay 2,500 Tk' }).click();

    // The specification's popup first, then the thank-you page.
    await expect(page.getByRole('heading', { name: 'Payment successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/thank-you\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle('Thank You - Easy Fund');
    await expect(page.getByRole('heading', { name: 'Thank you for your donation!' })).toBeVisible();
    await expect(page.getByRole('link', { name: fund.name })).toBeVisible();
    await expect(page.getByTestId('thank-you-amount')).toHaveText('2,500 Tk');
    const receiptNumber = (await page.getByTestId('receipt-number').textContent())!;
    expect(receiptNumber).toMatch(/^EF-T-\d{4}-\d{6}$/);

    const fundUrl = new URL(`/donatenow/${fund.id}`, page.url()).href;
    await expect(page.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute(
      'href',
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(fundUrl)}`,
    );
    const whatsapp = await page
      .getByRole('link', { name: 'Share on WhatsApp' })
      .getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp!.split('text=')[1]!)).toContain(fundUrl);
    await expect(page.getByRole('link', { name: 'Donate again' })).toHaveAttribute(
      'href',
      `/dashboard/selecteddonation/pay/${fund.id}`,
    );

    // The receipt link downloads the PDF. What the PDF says (number, amount in words, fund)
    // is checked in the API suite (apps/server/test/receipts.test.ts), without a browser.
    const href = await page
      .getByRole('link', { name: 'Download the receipt (PDF)' })
      .getAttribute('href');
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');

    // The e-mail, sent by the job queue, carries the receipt as a PDF.
    const mail = await mailTo(account.email, `Your donation receipt ${receiptNumber}`);
    expect(mail).toMatch(/Attachment: \S+\.pdf \(application\/pdf/);

    // Donation History links the same receipt.
    await page.goto('/dashboard/donated');
    await expect(
      page.getByRole('link', { name: `Receipt ${receiptNumber} (PDF)` }),
    ).toHaveAttribute('href', href!);
  },
);

test("an admin refunds half from the payment's detail: totals and histories agree", async ({
  page,
  request,
  browser,
}) => {
  const donor = await registerViaApi(request, { name: 'Sabina Yasmin' });
  const funds = (await (await request.get('/api/funds?pageSize=100')).json()) as {
    items: { id: string; name: string }[];
  };
  const fund = funds.items.find((f) => f.name === 'Clean Water Tube-wells for Shyamnagar')!;
  expect(fund, 'a demo fund').toBeTruthy();
  const raised = async () =>
    ((await (await request.get(`/api/funds/${fund.id}`)).json()) as { raisedPoisha: number })
      .raisedPoisha;
  const paymentId = await donateViaApi(request, fund.id, 2000);
  const before = await raised();
  const mine = (await (await request.get('/api/me/payments')).json()) as {
    items: { id: string; receiptNumber: string }[];
  };
  const receiptNumber = mine.items.find((p) => p.id === paymentId)!.receiptNumber;

  // The admin finds the payment by its receipt number and refunds half from its detail.
  await loginViaApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.goto('/dashboard/admin/managepayments');
  await page.getByLabel('Receipt number, transaction ID, donor or fund').fill(receiptNumber);
  await page.getByRole('button', { name: 'Search' }).click();
  await page
    .getByRole('button', { name: 'Details of the payment of 2,000 Tk by Sabina Yasmin' })
    .click();
  const detail = page.getByRole('region', { name: 'Payment detail' });
  await expect(detail).toContainText(receiptNumber);
  await expect(detail).toContainText('Up to 2,000 Tk');
  await detail.getByLabel('Amount to refund (Tk)').fill('2500');
  await detail.getByLabel('Reason').fill('Asked to give half of it back');
  await detail.getByRole('button', { name: 'Refund' }).click();
  await expect(detail.getByText('At most 2,000 Tk can be refunded')).toBeVisible();
  await detail.getByLabel('Amount to refund (Tk)').fill('1000');
  await detail.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('heading', { name: 'Refund this payment?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByRole('heading', { name: 'Payment refunded' })).toBeVisible();
  await expect(detail).toContainText('Up to 1,000 Tk');
  await expect(detail.getByRole('listitem')).toContainText(['Refund: 1,000 Tk']);

  // The fund's total drops by the refund (its page may be a second behind).
  await expect.poll(raised).toBe(before - 1000_00);

  // Both of the donor's histories show it.
  const donorPage = await browser.newPage();
  await loginViaApi(donorPage, donor.email, donor.password);
  await donorPage.goto('/dashboard/paymenthistory');
  await expect(donorPage.getByText('Refunded 1,000 Tk')).toBeVisible();
  // "Partly refunded", with the reason and the credit note that refers to the receipt.
  await expect(donorPage.getByText('Partly refunded')).toBeVisible();
  await expect(donorPage.getByText('Reason: Asked to give half of it back')).toBeVisible();
  const creditNote = donorPage.getByRole('link', {
    name: /^Credit note CN-T-\d{4}-\d{6} \(PDF\)$/,
  });
  await expect(creditNote).toBeVisible();
  const pdf = await donorPage.request.get((await creditNote.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  await donorPage.goto('/dashboard/donated');
  await expect(donorPage.getByText('Refunded 1,000 Tk')).toBeVisible();
  await expect(donorPage.getByText('Reason: Asked to give half of it back')).toBeVisible();
  await donorPage.close();
  // The accountant's export of the refund: apps/server/test/refunds.test.ts.
});
