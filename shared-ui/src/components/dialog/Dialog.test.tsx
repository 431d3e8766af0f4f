import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Button } from '../button/Button.tsx';
import { Dialog } from './Dialog.tsx';

function Reporter({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Report</Button>
      <Dialog
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Report this link"
        actions={<Button onClick={() => setOpen(false)}>Confirm</Button>}
      >
        <p>Is the link broken?</p>
      </Dialog>
    </>
  );
}

function dialogElement(): HTMLDialogElement {
  return document.querySelector('dialog') as HTMLDialogElement;
}

describe('Dialog', () => {
  it('stays closed until open, then is a dialog named by its title', async () => {
    const { user } = await renderWithProviders(<Reporter />);
    expect(dialogElement().open).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this link' });
    expect(dialog.textContent).toContain('Is the link broken?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
  });

  it('closes from its labelled close button', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<Reporter onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(false);
  });

  it('turns Escape (the cancel event) into onClose and keeps control of closing', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<Reporter onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialogElement(), cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(false);
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<Reporter onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByText('Is the link broken?'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialogElement());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(false);
  });

  it('stays open when a press inside the content is released on the backdrop', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<Reporter onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent.pointerDown(screen.getByText('Is the link broken?'));
    fireEvent.click(dialogElement());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialogElement().open).toBe(true);
  });

  it('closes when the owner sets open to false, without calling onClose', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<Reporter onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(dialogElement().open).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('reports a close it could not prevent', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<Reporter onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Report' }));
    fireEvent(dialogElement(), new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
