/**
 * `POST /api/uploads` (admin, multipart field `file`): the Markdown editor's image button and the image URL fields. The one
 * API client sends JSON, so this call builds its own request with the same token and error rules.
 */
import { useMutation } from '@tanstack/react-query';
import type { UploadResult } from '../../shared/schemas/blog';
import { ApiError, readAuthToken } from '~/lib/api-client';

export async function uploadImage(file: File): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', file);
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch('/api/uploads', {
      method: 'POST',
      body,
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError('Network error', 0);
  }
  const data = (await response.json().catch(() => null)) as (UploadResult & { error?: string }) | null;
  if (!response.ok) throw new ApiError(data?.error || `HTTP ${response.status}`, response.status);
  if (!data) throw new ApiError('Network error', response.status);
  return data;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
