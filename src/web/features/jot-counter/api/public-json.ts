import { ApiError } from '~/lib/api-client';

/**
 * GET a public endpoint without credentials. The live widgets must not send the stored token: an admin's token
 * turns `GET /api/jots` into full records, and an expired one would turn the public list into a 401.
 */
export async function getPublicJson<T>(path: string): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new ApiError(`HTTP ${response.status}`, response.status);
  return (await response.json()) as T;
}
