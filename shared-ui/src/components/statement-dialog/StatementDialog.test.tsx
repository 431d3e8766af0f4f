import { screen, waitFor, within } from '@testing-library/react';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from '../../features/api/api-client.ts';
import { queryClient } from '../../features/query/query-client.ts';
import { toastStore } from '../../features/toasts/toast-store.ts';
import { fakeApi, type Reply, restoreApi } from '../../test/fake-api.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { Button } from '../button/Button.tsx';
import { StatementDialog } from './StatementDialog.tsx';

/** An owner as the remotes write one: its own mutation, closing the dialog once the write succeeded. */
function HideProduct() {
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const write = useMutation(
    { mutationFn: (statement: string) => apiClient.post('/admin/products/7/hide', { statement }), onSuccess: () => setOpen(false) },
    queryClient(),
  );
  return (
    <>
      <Button ref={opener} onClick={() => setOpen(true)}>
        Hide
      </Button>
      <StatementDialog
        open={open}
        onClose={() => setOpen(false)}
        returnFocusTo={opener}
        title="Hide this product"
        label="Statement of reasons"
        hint="Shown to the uploader."
        submitLabel="Hide the product"
        minLength={20}
        maxLength={2000}
        field="statement"
        failed="The product could not be hidden."
        write={write}
      />
    </>
  );
}

const toastMessages = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));

async function openDialog(replies: Reply[]) {
  const api = fakeApi(() => replies.shift() ?? { status: 500 });
  const view = await renderWithProviders(<HideProduct />);
  await view.user.click(screen.getByRole('button', { name: 'Hide' }));
  const dialog = screen.getByRole('dialog', { name: 'Hide this product' });
  const text = within(dialog).getByRole('textbox', { name: 'Statement of reasons' });
  const send = () => view.user.click(within(dialog).getByRole('button', { name: 'Hide the product' }));
  return { ...view, api, dialog, text, send };
}

describe('StatementDialog', () => {
  beforeEach(() => toastStore.setState({ toasts: [] }));
  afterEach(restoreApi);

  it('sends nothing until the statement is long enough, and counts what is written', async () => {
    const { api, dialog, text, send, user } = await openDialog([{ data: {} }]);
    await user.type(text, 'Too short');
    expect(within(dialog).getByText('9 / 2000 characters')).toBeTruthy();
    await send();
    expect(within(dialog).getByText('Write at least 20 characters (so far 9).')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(text);
    expect(api.requests).toHaveLength(0);
    await user.type(text, ': a counterfeit logo  ');
    await send();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(api.requests[0]?.data))).toEqual({ statement: 'Too short: a counterfeit logo' });
  });

  it('shows the API’s message for the field under the text and keeps the text', async () => {
    const { text, send, user, dialog } = await openDialog([{ status: 422, data: { message: 'Invalid', errors: { statement: ['Say which rule was broken.'] } } }]);
    await user.type(text, 'Not the kind of thing we keep here.');
    await send();
    await waitFor(() => expect(within(dialog).getByText('Say which rule was broken.')).toBeTruthy());
    expect((text as HTMLTextAreaElement).value).toBe('Not the kind of thing we keep here.');
    expect(toastMessages()).toEqual([{ kind: 'error', message: 'Say which rule was broken.' }]);
  });

  it('says a session that expired sent nothing, and leaves the sign-in to the shell', async () => {
    const { text, send, user, dialog } = await openDialog([{ status: 401, data: { message: 'Unauthorized' } }]);
    await user.type(text, 'Not the kind of thing we keep here.');
    await send();
    await waitFor(() => expect(within(dialog).getByText(/Your session expired, so nothing was sent/)).toBeTruthy());
    expect(toastMessages()).toEqual([]);
  });
});
