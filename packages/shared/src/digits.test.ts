import { describe, expect, it } from 'vitest';
import { asciiDigits } from './digits';
import { parseTk, parseWholeTk } from './money';
import { ZAmountTk, ZCardForm, ZCreateIntentRequest } from './schemas/payments';
import { ZContactRequest } from './schemas/messages';
import { ZIdCardNumber, ZPhoneNumber, ZVerificationRequest } from './schemas/verifications';
import { ZWithdrawalRequest } from './schemas/withdrawals';
import { ZUpdateZakatSettingsRequest } from './schemas/zakat';

const FUND = '6f1c2b7e-3f4a-4c1d-9b2e-8a7d6c5b4a39';

describe('Bangla digits', () => {
  it('reads every Bangla digit as its ASCII digit, and leaves the rest alone', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(asciiDigits('রহিম ১২ abc 34')).toBe('রহিম 12 abc 34');
  });

  it('parses amounts typed in Bangla digits, as strictly as ASCII ones', () => {
    expect(parseWholeTk('১০০০')).toBe(1000);
    expect(parseWholeTk('১০০০.৫')).toBeNull();
    expect(parseTk('১২০.৫০')).toBe(120.5);
    expect(ZAmountTk.parse('৫০০')).toBe(500);
    expect(ZAmountTk.parse(500)).toBe(500);
    expect(ZAmountTk.safeParse('৫').error?.issues[0]?.message).toBe(
      'The minimum donation is 10 Tk',
    );
    expect(ZAmountTk.safeParse('১০.৫').error?.issues[0]?.message).toBe(
      'Enter a whole amount in Tk (no poisha)',
    );
    expect(ZAmountTk.safeParse('').error?.issues[0]?.message).toBe('Enter the amount in Tk');
    expect(ZAmountTk.safeParse('১০o').error?.issues[0]?.message).toBe('Enter the amount in Tk');
  });

  it('accepts a gift, a withdrawal and Zakat prices in Bangla digits', () => {
    expect(ZCreateIntentRequest.parse({ fundId: FUND, amountTk: '২৫০' }).amountTk).toBe(250);
    expect(
      ZWithdrawalRequest.parse({ fundId: FUND, amountTk: '১২০০', payoutAccountId: FUND }).amountTk,
    ).toBe(1200);
    expect(
      ZUpdateZakatSettingsRequest.parse({ goldTkPerGram: '১২৫০০.৫০', silverTkPerGram: '১৫০' }),
    ).toEqual({ goldTkPerGram: 12500.5, silverTkPerGram: 150 });
  });

  it('accepts a national ID number and a mobile number in Bangla digits, stored in ASCII', () => {
    expect(ZIdCardNumber.parse('১২৩৪ ৫৬৭ ৮৯০')).toBe('1234567890');
    expect(ZIdCardNumber.safeParse('১২৩৪৫').error?.issues[0]?.message).toBe(
      'Enter a national ID number of 10, 13 or 17 digits',
    );
    expect(ZPhoneNumber.parse('+৮৮০১৭১২-৩৪৫৬৭৮')).toBe('01712345678');
    const application = ZVerificationRequest.parse({
      name: 'রহিমা খাতুন',
      image: 'https://example.com/id.png',
      idCardNumber: '১৯৯০১২৩৪৫৬৭৮৯০১২৩',
      phoneNumber: '০১৮১২৩৪৫৬৭৮',
    });
    expect(application).toMatchObject({
      idCardNumber: '19901234567890123',
      phoneNumber: '01812345678',
    });
    expect(
      ZContactRequest.parse({
        name: 'Rahim',
        email: 'rahim@example.com',
        phone: '০১৭১২ ৩৪৫৬৭৮',
        message: 'Hello',
      }).phone,
    ).toBe('01712 345678');
  });

  it('takes a test card typed in Bangla digits', () => {
    expect(
      ZCardForm.parse({
        amountTk: '১০০',
        cardNumber: '৪২৪২ ৪২৪২ ৪২৪২ ৪২৪২',
        expiry: '১২/৩৪',
        cvc: '১২৩',
      }),
    ).toEqual({ amountTk: 100, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
  });
});
