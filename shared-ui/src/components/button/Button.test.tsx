import { screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { Button, ButtonLink } from './Button.tsx';

describe('Button', () => {
  it('is a primary, medium, non-submitting button by default', async () => {
    await renderWithProviders(<Button>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.classList.contains('primary')).toBe(true);
    expect(button.classList.contains('md')).toBe(true);
  });

  it('applies the variant, size and extra class', async () => {
    await renderWithProviders(
      <Button variant="danger" size="sm" className="extra">
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect([...button.classList]).toEqual(expect.arrayContaining(['button', 'danger', 'sm', 'extra']));
  });

  it('forwards native props, events and the ref', async () => {
    const onClick = vi.fn();
    const ref = createRef<HTMLButtonElement>();
    const { user } = await renderWithProviders(
      <Button ref={ref} type="submit" name="intent" value="go" onClick={onClick} aria-describedby="hint">
        Go
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Go' });
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(ref.current).toBe(button);
    expect(button.getAttribute('type')).toBe('submit');
    expect(button.getAttribute('name')).toBe('intent');
    expect(button.getAttribute('aria-describedby')).toBe('hint');
  });

  it('is busy and disabled while loading, and ignores clicks', async () => {
    const onClick = vi.fn();
    const { user, container } = await renderWithProviders(
      <Button loading onClick={onClick}>
        Send
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('.spinner')).not.toBeNull();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('shows no spinner and no aria-busy when idle', async () => {
    const { container } = await renderWithProviders(<Button>Idle</Button>);
    const button = screen.getByRole('button', { name: 'Idle' });
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(container.querySelector('.spinner')).toBeNull();
  });
});

describe('ButtonLink', () => {
  it('is a router link styled as a button', async () => {
    await renderWithProviders(
      <ButtonLink to="/en/auth" variant="secondary">
        Log in
      </ButtonLink>,
    );
    const link = screen.getByRole('link', { name: 'Log in' });
    expect(link.getAttribute('href')).toBe('/en/auth');
    expect([...link.classList]).toEqual(expect.arrayContaining(['button', 'secondary', 'md']));
  });
});
