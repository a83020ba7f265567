import { ZCsv } from '../schemas/downloads';
import {
  ZCloseAccountRequest,
  ZCloseAccountResponse,
  ZCloseCodeResponse,
  ZMyData,
} from '../schemas/privacy';
import { endpoint } from './contract';

/** A person's own data: download it, or close the account. */
export const privacy = {
  exportJson: endpoint({
    method: 'GET',
    path: '/api/me/data.json',
    access: 'signedIn',
    operationId: 'downloadMyData',
    tags: ['privacy'],
    summary:
      'Download my data: profile, donations, receipts, monthly gifts, messages, sign-ins (JSON)',
    response: ZMyData,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/me/data.csv',
    access: 'signedIn',
    operationId: 'downloadMyDataCsv',
    tags: ['privacy'],
    summary: 'Download my data as CSV: one line per field (table, row, field, value)',
    produces: 'text/csv',
    response: ZCsv,
  }),
  close: endpoint({
    method: 'POST',
    path: '/api/me/close',
    access: 'signedIn',
    operationId: 'closeMyAccount',
    tags: ['privacy'],
    summary:
      'Close my account (confirmed by password, or by an SMS code without one): personal data erased, money records kept as "Former donor"',
    body: ZCloseAccountRequest,
    response: ZCloseAccountResponse,
    errors: [409, 429],
  }),
  closeCode: endpoint({
    method: 'POST',
    path: '/api/me/close/code',
    access: 'signedIn',
    operationId: 'sendCloseAccountCode',
    tags: ['privacy'],
    summary: 'Send a code by SMS that confirms closing an account that has no password',
    response: ZCloseCodeResponse,
    errors: [409, 429],
  }),
} as const;
