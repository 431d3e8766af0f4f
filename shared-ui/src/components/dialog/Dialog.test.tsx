import { act, fireEvent, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
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

  describe('gives focus back to the button that opened it', () => {
    /** What showModal() does in a browser and jsdom's stand-in does not: focus moves into the dialog. */
    const focusInside = () => act(() => screen.getByRole('button', { name: 'Close' }).focus());
    const opener = () => screen.getByRole('button', { name: 'Report' });

    it('when Escape closes it', async () => {
      const { user } = await renderWithProviders(<Reporter />);
      await user.click(opener());
      focusInside();
      fireEvent(dialogElement(), new Event('cancel', { cancelable: true }));
      expect(dialogElement().open).toBe(false);
      expect(document.activeElement).toBe(opener());
    });

    it('when its close button closes it', async () => {
      const { user } = await renderWithProviders(<Reporter />);
      await user.click(opener());
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(document.activeElement).toBe(opener());
    });

    it('when one of its actions closes it', async () => {
      const { user } = await renderWithProviders(<Reporter />);
      await user.click(opener());
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(document.activeElement).toBe(opener());
    });

    it('when a close it could not prevent (a repeated Escape) closes it', async () => {
      const { user } = await renderWithProviders(<Reporter />);
      await user.click(opener());
      focusInside();
      act(() => dialogElement().close());
      expect(document.activeElement).toBe(opener());
    });

    it('when the owner unmounts it while it is open', async () => {
      function Owner() {
        const [open, setOpen] = useState(false);
        return (
          <>
            <Button onClick={() => setOpen(true)}>Report</Button>
            {open && (
              <Dialog open onClose={() => setOpen(false)} title="Report this link" actions={<Button onClick={() => setOpen(false)}>Cancel</Button>}>
                <p>Is the link broken?</p>
              </Dialog>
            )}
          </>
        );
      }
      const { user } = await renderWithProviders(<Owner />);
      await user.click(opener());
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(document.querySelector('dialog')).toBeNull();
      expect(document.activeElement).toBe(opener());
    });

    it('to returnFocusTo when the opener was replaced while the dialog was open', async () => {
      function Owner() {
        const [open, setOpen] = useState(false);
        const [generation, setGeneration] = useState(0);
        const button = useRef<HTMLButtonElement>(null);
        return (
          <>
            {/* A new key is a new element: what a re-rendered page may do to its opener. */}
            <Button key={generation} ref={button} onClick={() => setOpen(true)}>
              Report
            </Button>
            <Dialog open={open} onClose={() => setOpen(false)} title="Report this link" returnFocusTo={button}>
              <Button onClick={() => setGeneration((value) => value + 1)}>Refresh</Button>
            </Dialog>
          </>
        );
      }
      const { user } = await renderWithProviders(<Owner />);
      const first = opener();
      await user.click(first);
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      expect(first.isConnected).toBe(false);
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(document.activeElement).toBe(opener());
      expect(opener()).not.toBe(first);
    });

    it('even when the opener never had focus, given returnFocusTo', async () => {
      function Owner() {
        const [open, setOpen] = useState(false);
        const button = useRef<HTMLButtonElement>(null);
        return (
          <>
            <Button ref={button} onClick={() => setOpen(true)}>
              Report
            </Button>
            <Dialog open={open} onClose={() => setOpen(false)} title="Report this link" returnFocusTo={button}>
              <p>Is the link broken?</p>
            </Dialog>
          </>
        );
      }
      const { user } = await renderWithProviders(<Owner />);
      // Safari does not focus a clicked button: the dialog opens with focus on <body>.
      fireEvent.click(opener());
      expect(document.activeElement).toBe(document.body);
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(document.activeElement).toBe(opener());
    });

    it('but leaves focus where the owner put it on closing', async () => {
      function Owner() {
        const [open, setOpen] = useState(false);
        const field = useRef<HTMLInputElement>(null);
        return (
          <>
            <Button onClick={() => setOpen(true)}>Report</Button>
            <input ref={field} aria-label="Search" />
            <Dialog
              open={open}
              onClose={() => {
                setOpen(false);
                field.current?.focus();
              }}
              title="Report this link"
            >
              <p>Is the link broken?</p>
            </Dialog>
          </>
        );
      }
      const { user } = await renderWithProviders(<Owner />);
      await user.click(opener());
      await user.click(screen.getByRole('button', { name: 'Close' }));
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
    });
  });
});
