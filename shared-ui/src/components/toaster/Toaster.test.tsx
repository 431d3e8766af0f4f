import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastStore, TOAST_DURATION_MS } from '../../features/toasts/toast-store.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Dialog } from '../dialog/Dialog.tsx';
import { Toaster } from './Toaster.tsx';

beforeEach(() => toastStore.setState({ toasts: [] }));
afterEach(() => {
  vi.useRealTimers();
  toastStore.setState({ toasts: [] });
});

describe('Toaster', () => {
  it('is an empty, labelled region when there is nothing to say', async () => {
    await renderWithProviders(<Toaster />);
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.children).toHaveLength(0);
  });

  it('shows errors as alerts and the rest as statuses, each styled by kind', async () => {
    await renderWithProviders(<Toaster />);
    act(() => {
      toast.error('Title is required');
      toast.success('Product reported');
      toast.info('Copied');
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Title is required');
    expect(alert.classList.contains('error')).toBe(true);
    const statuses = screen.getAllByRole('status');
    expect(statuses.map((status) => status.textContent)).toEqual([
      expect.stringContaining('Product reported'),
      expect.stringContaining('Copied'),
    ]);
    expect(statuses[0]?.classList.contains('success')).toBe(true);
    expect(statuses[1]?.classList.contains('info')).toBe(true);
  });

  it('dismisses one toast with its button', async () => {
    const { user } = await renderWithProviders(<Toaster />);
    act(() => {
      toast.success('First');
      toast.success('Second');
    });
    const first = screen.getByText('First').closest('[role="status"]') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('First')).toBeNull();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('lets toasts close by themselves after the store’s delay', async () => {
    await renderWithProviders(<Toaster />);
    vi.useFakeTimers();
    act(() => {
      toast.info('Soon gone');
    });
    expect(screen.getByText('Soon gone')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    expect(screen.queryByText('Soon gone')).toBeNull();
  });

  it('moves into an open modal dialog, where it stays visible and readable, and back when it closes', async () => {
    const { rerender } = await renderWithProviders(<Toaster />);
    const withDialog = (open: boolean) => (
      <>
        <Toaster />
        <Dialog open={open} onClose={() => undefined} title="Report this link">
          <p>Sure?</p>
        </Dialog>
      </>
    );
    rerender(withDialog(true));
    // The move follows a MutationObserver, which reports after the current task.
    await act(async () => undefined);
    act(() => {
      toast.error('Could not report');
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toContain('Could not report');
    rerender(withDialog(false));
    await act(async () => undefined);
    expect(document.querySelector('dialog')?.contains(screen.getByRole('alert'))).toBe(false);
  });
});
