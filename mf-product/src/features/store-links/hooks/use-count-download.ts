import type { DownloadResponse } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { queryClient } from '@linkhunt/shared-ui/features/query/query-client.ts';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /products/{id}/downloads: a download is counted when the visitor opens a store link, not when the links
 * are shown. Returns the click handler of the links. It sends and forgets, so it never holds up or breaks the
 * link's own navigation (a new tab); the count it answers is handed to `onDownloads`. Sent once per dialog: the
 * API counts one download per visitor per day anyway. A failure shows nothing (counting is the site's business,
 * not the visitor's), and the next click tries again.
 */
export function useCountDownload(productId: number, onDownloads: (downloads: number) => void): () => void {
  const { mutate, isIdle, isError } = useMutation(
    {
      mutationFn: () => apiClient.post<DownloadResponse>(`/products/${productId}/downloads`).then(({ data }) => data.results.data.downloads),
      onSuccess: (downloads) => onDownloads(downloads),
    },
    queryClient(),
  );
  return () => {
    if (isIdle || isError) mutate();
  };
}
