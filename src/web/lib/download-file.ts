import { ApiError, readAuthToken } from '~/lib/api-client';

/**
 * Fetches `url` with the bearer token (a plain link cannot carry it) and saves the answer as a file, named as the
 * server's `Content-Disposition` says, else `fallbackName`. Answers the name saved. The CSV exports use it.
 */
export async function downloadFile(url: string, fallbackName: string, accept = 'text/csv'): Promise<string> {
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: accept, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  } catch {
    throw new ApiError('Network error', 0);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`, response.status);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const objectUrl = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next tick: the click has handed the file to the browser by then.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 0);
  }
  return name;
}
