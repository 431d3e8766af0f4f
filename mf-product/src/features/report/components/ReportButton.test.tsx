import { deferred, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, fakeRoutes } from '../../../test/api.ts';
import { renderLoaded, settle } from '../../../test/render.tsx';
import { resetState, toasts } from '../../../test/state.ts';
import { ReportButton } from './ReportButton.tsx';

const REPORT_CALL = 'POST /products/report';

async function openReport() {
  const view = await renderLoaded(<ReportButton productId={7} />);
  expect(screen.queryByRole('dialog')).toBeNull();
  await view.user.click(screen.getByRole('button', { name: 'Report a broken link' }));
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'Report this product' });

afterEach(() => resetState());

describe('ReportButton', () => {
  it('asks for confirmation first', async () => {
    fakeRoutes({});
    await openReport();
    expect(within(dialog()).getByText('Is a store link broken or wrong? Tell us and we will check it.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Report' })).toBeTruthy();
  });

  it('sends nothing when the visitor cancels', async () => {
    const api = fakeRoutes({});
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await settle();
    expect(api.calls()).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('reports the product, closes and says so', async () => {
    const answer = deferred<Reply>();
    const api = fakeRoutes({ [REPORT_CALL]: answer.promise });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(api.calls()).toEqual([REPORT_CALL]));
    expect(bodyOf(api.requests[0])).toEqual({ id: 7 });
    expect(within(dialog()).getByRole('button', { name: 'Report' }).getAttribute('aria-busy')).toBe('true');

    answer.resolve({ data: { message: 'Product reported', already_reported: false } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts()).toEqual([{ kind: 'success', message: 'Product reported' }]);
  });

  it('thanks a visitor who had already reported it, as information rather than an error', async () => {
    fakeRoutes({ [REPORT_CALL]: { data: { message: 'Already reported', already_reported: true } } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ kind: 'info', message: 'You already reported this product. Thank you, we are looking into it.' }]),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open and shows the API\'s message when the report fails', async () => {
    const api = fakeRoutes({ [REPORT_CALL]: { status: 429, data: { message: 'Too many reports. Try again later.' } } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'Too many reports. Try again later.' }]));
    const report = within(dialog()).getByRole('button', { name: 'Report' }) as HTMLButtonElement;
    expect(report.disabled).toBe(false);

    await user.click(report);
    await waitFor(() => expect(api.calls()).toEqual([REPORT_CALL, REPORT_CALL]));
  });

  it('falls back to its own words when the API says nothing', async () => {
    fakeRoutes({ [REPORT_CALL]: { status: 502, data: null } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'The report could not be sent. Try again.' }]));
    expect(dialog()).toBeTruthy();
  });

  describe('gives focus back to "Report a broken link"', () => {
    const opener = () => screen.getByRole('button', { name: 'Report a broken link' });

    it('when Escape closes the dialog', async () => {
      fakeRoutes({});
      await openReport();
      // What showModal() does in a browser and jsdom's stand-in does not: focus moves into the dialog.
      act(() => within(dialog()).getByRole('button', { name: 'Close' }).focus());
      fireEvent(document.querySelector('dialog') as HTMLDialogElement, new Event('cancel', { cancelable: true }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener());
    });

    it('when Cancel closes the dialog', async () => {
      fakeRoutes({});
      const { user } = await openReport();
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      expect(document.activeElement).toBe(opener());
    });

    it('when the close button closes the dialog', async () => {
      fakeRoutes({});
      const { user } = await openReport();
      await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
      expect(document.activeElement).toBe(opener());
    });

    it('once the report is sent', async () => {
      fakeRoutes({ [REPORT_CALL]: { data: { message: 'Product reported', already_reported: false } } });
      const { user } = await openReport();
      await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(document.activeElement).toBe(opener());
    });
  });
});
