import { queryOptions } from '@tanstack/react-query';
import type {
  TCreateFundRequest,
  TMyFundsResponse,
  TOwnFund,
  TUpdateFundRequest,
} from '@easyfund/shared/schemas/funds';
import type {
  TMyVerification,
  TVerification,
  TVerificationRequest,
} from '@easyfund/shared/schemas/verifications';
import { api } from '../../lib/api';

/** The caller's latest fund raiser application and role. */
export const myVerificationQuery = queryOptions({
  queryKey: ['verifications', 'mine'],
  queryFn: () => api.get<TMyVerification>('/api/verifications/mine'),
});

export const applyForVerification = (body: TVerificationRequest) =>
  api.post<TVerification>('/api/verifications', body);

/** My Raised Fund. */
export const myFundsQuery = queryOptions({
  queryKey: ['raising', 'funds'],
  queryFn: () => api.get<TMyFundsResponse>('/api/me/funds'),
});

export const myFundQuery = (id: string) =>
  queryOptions({
    queryKey: ['raising', 'funds', id],
    queryFn: () => api.get<TOwnFund>(`/api/me/funds/${encodeURIComponent(id)}`),
  });

export const createFund = (body: TCreateFundRequest) => api.post<TOwnFund>('/api/funds', body);

export const updateFund = (id: string, body: TUpdateFundRequest) =>
  api.patch<TOwnFund>(`/api/funds/${encodeURIComponent(id)}`, body);

/** Uploads an image; answers the address to store with the fund or application. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const { url } = await api.post<{ url: string }>('/api/uploads', form);
  return url;
}
