import type { z } from 'zod';
import type { signatureStateSchema } from '@inspectra/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi, routeOf } from '../../api/calls.ts';
import { ApiError } from '../../api/errors.ts';
import { apiBlob, apiRequest } from '../../api/http-client.ts';
import { profileQuery } from '../auth/useProfile.ts';

type SignatureState = z.infer<typeof signatureStateSchema>;

/**
 * The signed-in user's signature image, fetched with the session (an <img> cannot send the bearer
 * token); null when none is drawn (404). Under the profile's key, so invalidating the profile after
 * a change refetches it too.
 */
export const signatureQuery = queryOptions({
  queryKey: [...profileQuery.queryKey, 'signature'],
  queryFn: async ({ signal }): Promise<Blob | null> => {
    try {
      return await apiBlob(routeOf('GET /auth/profile/signature').path, signal);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

/** Saves a drawn signature: a multipart form with the one file field `signature`. */
export async function saveSignature(png: Blob): Promise<SignatureState> {
  const form = new FormData();
  form.append('signature', png, 'signature.png');
  const route = routeOf('PUT /auth/profile/signature');
  return (await apiRequest<SignatureState>({ method: 'PUT', url: route.path, data: form })).data;
}

/** Removes the signature; approvals already given keep the one they were given with. */
export async function removeSignature(): Promise<SignatureState> {
  return (await callApi('DELETE /auth/profile/signature')).data;
}
