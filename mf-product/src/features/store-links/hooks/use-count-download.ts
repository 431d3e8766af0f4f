import type { DownloadResponse } from '@linkhunt/contracts/product';
import { apiClient } from '@linkhunt/shared-ui/features/api/api-client.ts';
import { useRef } from 'react';

/**
 * POST /products/{id}/downloads: a download is counted when the visitor opens a store link, not when the links
 * are shown. Returns the click handler of the links. It sends and forgets, so it never holds up or breaks the
 * link's own navigation (a new tab); the count it answers is handed to `onDownloads`. Sent once per dialog: the
 * API counts one download per visitor per day anyway, and a failed attempt is tried again on the next click.
 */
export function useCountDownload(productId: number, onDownloads: (downloads: number) => void): () => void {
  const sent = useRef(false);
  return () => {
    if (sent.current) return;
    sent.current = true;
    apiClient.post<DownloadResponse>(`/products/${productId}/downloads`).then(
      ({ data }) => onDownloads(data.results.data.downloads),
      () => {
        // Counting is the site's business, not the visitor's: nothing to show, and the next click tries again.
        sent.current = false;
      },
    );
  };
}
