import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestJot, TestJotResult } from '../../../../shared/schemas/jots';
import { apiRequest } from '~/lib/api-client';
import { jotsQueryKey } from './get-jots';

/**
 * `POST /api/test-jot`: the server encrypts the content as a real v2 jot with the named build GUID and ingests it,
 * so it shows up decrypted like a jot from the desktop app.
 */
export async function createTestJot(input: TestJot): Promise<{ id: number }> {
  const result = await apiRequest<TestJotResult>('/api/test-jot', { method: 'POST', body: input });
  if (!result.success) throw new Error(result.error);
  return { id: result.jotResult.id };
}

export function useCreateTestJot() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTestJot, onSuccess: () => queryClient.invalidateQueries({ queryKey: jotsQueryKey }) });
}
