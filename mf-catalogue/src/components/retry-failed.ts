/** A read of the page as its hook gives it: useApiData's and useListingPages' states both fit. */
type Read = { status: 'error'; retry: () => void } | { status: 'loading' | 'success' | 'ready' };

/**
 * Retries every read that failed. A page of two reads whose API was down has both failed: retrying only the
 * one on screen would bring the failure straight back for the other, and "Try again" would need a second click.
 */
export function retryFailed(...reads: Read[]): () => void {
  return () => {
    for (const read of reads) if (read.status === 'error') read.retry();
  };
}
