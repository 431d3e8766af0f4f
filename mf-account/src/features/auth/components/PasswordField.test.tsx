import { i18n } from '@linkhunt/shared-ui/features/i18n/i18n.ts';
import { renderWithProviders } from '@linkhunt/shared-ui/test/render.tsx';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAMESPACE } from '../../../register-locales.ts';
import { PasswordField } from './PasswordField.tsx';

function Controlled({ strength = false, onSubmit = () => undefined }: { strength?: boolean; onSubmit?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PasswordField name="password" label="Password" value={value} onChange={setValue} autoComplete="new-password" strength={strength} />
      <button type="submit">Send</button>
    </form>
  );
}

async function renderField(strength = false) {
  const view = await renderWithProviders(<Controlled strength={strength} />);
  await i18n.loadNamespaces(NAMESPACE);
  const input = (await screen.findByLabelText('Password')) as HTMLInputElement;
  return { ...view, input };
}

afterEach(() => {
  vi.restoreAllMocks();
});

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('PasswordField', () => {
  it('has a button that shows and hides the password, controls the input and says what it will do', async () => {
    const { user, input } = await renderField();
    expect(input.type).toBe('password');
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle.getAttribute('aria-controls')).toBe(input.id);
    expect(toggle.getAttribute('type')).toBe('button');
    // The name carries the state; a pressed state on top would read "Hide password, pressed".
    expect(toggle.hasAttribute('aria-pressed')).toBe(false);

    await user.click(toggle);
    expect(input.type).toBe('text');
    expect(toggle.textContent).toBe('Hide password');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBe(toggle);

    await user.click(toggle);
    expect(input.type).toBe('password');
    expect(toggle.textContent).toBe('Show password');
  });

  it('leaves the focus and the caret in the input when the toggle is clicked', async () => {
    const { user, input } = await renderField();
    await user.type(input, 'secretword');
    input.setSelectionRange(6, 6);

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect(document.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([6, 6]);
    await user.keyboard('-');
    expect(input.value).toBe('secret-word');
  });

  it('puts the caret back in a browser that moves it to the end when the type changes', async () => {
    const { user, input } = await renderField();
    await user.type(input, 'secretword');
    const type = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'type');
    Object.defineProperty(input, 'type', {
      configurable: true,
      get: () => type?.get?.call(input) as string,
      set: (value: string) => {
        type?.set?.call(input, value);
        input.setSelectionRange(input.value.length, input.value.length);
      },
    });
    input.setSelectionRange(2, 6);

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 6]);
  });

  it('works from the keyboard, where the focus stays on the button', async () => {
    const { user, input } = await renderField();
    await user.type(input, 'secret');
    await user.tab();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(document.activeElement).toBe(toggle);
    await user.keyboard('{Enter}');
    expect(input.type).toBe('text');
    await user.keyboard(' ');
    expect(input.type).toBe('password');
    expect(document.activeElement).toBe(toggle);
    expect(input.value).toBe('secret');
  });

  it('hides the password again when the form is sent', async () => {
    const onSubmit = vi.fn();
    const view = await renderWithProviders(<Controlled onSubmit={onSubmit} />);
    await i18n.loadNamespaces(NAMESPACE);
    const input = (await screen.findByLabelText('Password')) as HTMLInputElement;
    await view.user.type(input, 'secret-word');
    await view.user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    await view.user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(input.type).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });

  it('is hidden and its toggle disabled in the server render, which hydrates without a mismatch and then works', async () => {
    await renderWithProviders(<p />);
    await i18n.loadNamespaces(NAMESPACE);
    const tree = (
      <I18nextProvider i18n={i18n}>
        <Controlled strength />
      </I18nextProvider>
    );
    const html = renderToString(tree);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverInput = container.querySelector('input') as HTMLInputElement;
    const serverToggle = container.querySelector('button[aria-controls]') as HTMLButtonElement;
    expect(serverInput.type).toBe('password');
    expect(serverToggle.disabled).toBe(true);

    const recoverable = vi.fn();
    const logged = vi.spyOn(console, 'error');
    const root = await act(async () => hydrateRoot(container, tree, { onRecoverableError: recoverable }));
    expect(recoverable).not.toHaveBeenCalled();
    // React reports attributes that differ from the server's on the console, without failing the hydration.
    expect(logged).not.toHaveBeenCalled();
    // Hydrated in place: the server's nodes are kept, and the toggle now works.
    expect(container.querySelector('input')).toBe(serverInput);
    expect(serverToggle.disabled).toBe(false);
    await act(async () => serverToggle.click());
    expect(serverInput.type).toBe('text');
    act(() => root.unmount());
    container.remove();
  });

  it('ties an error to the input and marks it invalid', async () => {
    await renderWithProviders(
      <PasswordField name="password" label="Password" value="" onChange={() => undefined} autoComplete="current-password" error="Wrong password" />,
    );
    await i18n.loadNamespaces(NAMESPACE);
    const input = await screen.findByLabelText('Password');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(input)).toEqual(['Wrong password']);
  });

  it('has no strength meter unless asked for one', async () => {
    const { input } = await renderField();
    expect(input.hasAttribute('aria-describedby')).toBe(false);
    expect(screen.queryByText(/Password strength/)).toBeNull();
  });
});

describe('PasswordField with a strength meter', () => {
  const level = () => document.querySelector('[aria-live="polite"]') as HTMLElement;
  const bar = () => level().parentElement?.querySelector('[aria-hidden="true"] > div') as HTMLElement;

  it('starts with the minimum length and no level, then rates what is typed', async () => {
    const { user, input } = await renderField(true);
    expect(level().textContent).toBe('');
    expect(describedBy(input)).toEqual(['', 'Use at least 8 characters.']);

    await user.type(input, 'short');
    expect(level().textContent).toBe('Password strength: Weak');
    expect(bar().className).toContain('weak');
    expect(describedBy(input)).toEqual(['Password strength: Weak', 'Use at least 8 characters.']);

    await user.clear(input);
    await user.paste('password1');
    expect(describedBy(input)).toEqual(['Password strength: Weak', 'This is one of the most used passwords: it will not be accepted.']);

    await user.clear(input);
    await user.paste('long-enough');
    expect(level().textContent).toBe('Password strength: Fair');
    expect(bar().className).toContain('fair');

    await user.clear(input);
    await user.paste('kX9#mQ2$vL');
    expect(level().textContent).toBe('Password strength: Good');
    expect(bar().className).toContain('good');

    await user.type(input, '7!');
    expect(level().textContent).toBe('Password strength: Strong');
    expect(bar().className).toContain('strong');
    // Nothing left to advise: the input is described by the level alone.
    expect(describedBy(input)).toEqual(['Password strength: Strong']);
  });

  it('announces the level politely, and only when it changes, not with every key', async () => {
    const { user, input } = await renderField(true);
    expect(level().getAttribute('aria-atomic')).toBe('true');
    await user.click(input);
    await user.paste('kX9#mQ2$');
    const changes: string[] = [];
    const observer = new MutationObserver(() => changes.push(level().textContent ?? ''));
    observer.observe(level(), { subtree: true, childList: true, characterData: true });

    await user.type(input, 'v');
    await user.type(input, 'L');
    await user.type(input, '7');
    await user.type(input, '!');
    await act(async () => undefined);
    observer.disconnect();
    // Good all along until the twelfth character makes it strong: one change for four keys.
    expect(changes).toEqual(['Password strength: Strong']);
    // The tip is read with the field, never announced on its own.
    expect(level().contains(screen.queryByText(/Longer is harder/))).toBe(false);
  });
});
