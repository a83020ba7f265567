import { useMutation } from '@tanstack/react-query';
import { uploads } from '@easyfund/shared/api/uploads';
import { call } from './client';

/** Uploads an image; answers the address to store with the fund or application. */
export function useUploadImage() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await call(uploads.upload, { body })).url;
    },
  });
}
