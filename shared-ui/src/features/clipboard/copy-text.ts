import { toast } from '../toasts/toast-store.ts';

/**
 * Copies text to the clipboard and says so in a toast (a status message screen readers announce). The
 * clipboard is missing outside secure contexts and may be refused: that is the error toast.
 */
export async function copyText(text: string, copied: string, failed: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(copied);
  } catch {
    toast.error(failed);
  }
}
