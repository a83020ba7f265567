import { ZIdParam } from '../schemas/common';
import {
  ZFundZakat,
  ZSetFundZakatRequest,
  ZUpdateZakatSettingsRequest,
  ZZakatSettings,
} from '../schemas/zakat';
import { endpoint } from './contract';

/** Zakat: the gold and silver prices behind the calculator's nisab, and eligible funds. */
export const zakat = {
  settings: endpoint({
    method: 'GET',
    path: '/api/zakat',
    access: 'public',
    operationId: 'getZakatSettings',
    tags: ['zakat'],
    summary: 'The gold and silver prices per gram the nisab is computed from',
    response: ZZakatSettings,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/api/admin/zakat',
    access: 'admin',
    operationId: 'updateZakatSettings',
    tags: ['zakat'],
    summary: 'Set the gold and silver prices per gram (Tk)',
    body: ZUpdateZakatSettingsRequest,
    response: ZZakatSettings,
  }),
  setFund: endpoint({
    method: 'PUT',
    path: '/api/admin/funds/:id/zakat',
    access: 'admin',
    operationId: 'setFundZakat',
    tags: ['zakat'],
    summary: 'Mark a fund Zakat-eligible with a published reason, or unmark it',
    params: ZIdParam,
    body: ZSetFundZakatRequest,
    response: ZFundZakat,
    errors: [404],
  }),
} as const;
