import { useQuery } from '@tanstack/react-query';
import type { MailPreviewList } from '../../../../shared/schemas/mail-previews';
import { apiRequest } from '~/lib/api-client';
import { adminQueryDefaults } from '~/lib/query-client';

export const mailPreviewsQueryKey = ['mail-previews'] as const;

export function getMailPreviews(signal?: AbortSignal): Promise<MailPreviewList> {
  return apiRequest<MailPreviewList>('/api/admin/emails', { signal });
}

/** `GET /api/admin/emails` (admin): every e-mail kind rendered with sample data, light and dark. */
export function useMailPreviews() {
  return useQuery({ queryKey: mailPreviewsQueryKey, queryFn: ({ signal }) => getMailPreviews(signal), ...adminQueryDefaults });
}
