import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { StarInput } from './StarInput.tsx';

function Controlled({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return <StarInput value={value} onChange={setValue} />;
}

describe('StarInput', () => {
  it('is a labelled group of five radios', async () => {
    await renderWithProviders(<StarInput value={null} onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    const radios = screen.getAllByRole('radio');
    expect(group.tagName).toBe('FIELDSET');
    expect(radios).toHaveLength(5);
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeTruthy();
    expect(radios.every((radio) => !(radio as HTMLInputElement).checked)).toBe(true);
  });

  it('reports the clicked star', async () => {
    const onChange = vi.fn();
    const { user } = await renderWithProviders(<StarInput value={null} onChange={onChange} />);
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('checks the current value and fills the stars up to it', async () => {
    const { container } = await renderWithProviders(<StarInput value={3} onChange={() => undefined} />);
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect(container.querySelectorAll('.star.filled')).toHaveLength(3);
  });

  it('moves with the arrow keys, as native radios do', async () => {
    const { user } = await renderWithProviders(<Controlled initial={2} />);
    const two = screen.getByRole('radio', { name: '2 stars' });
    two.focus();
    await user.keyboard('{ArrowRight}');
    const three = screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement;
    expect(three.checked).toBe(true);
    expect(document.activeElement).toBe(three);
  });

  it('ties the error message to the group and marks the radios invalid', async () => {
    await renderWithProviders(
      <StarInput value={null} onChange={() => undefined} legend="Rate it" error="You must rate the product" />,
    );
    const group = screen.getByRole('group', { name: 'Rate it' });
    const describedBy = group.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy ?? '')?.textContent).toBe('You must rate the product');
    expect(screen.getAllByRole('radio').every((radio) => radio.getAttribute('aria-invalid') === 'true')).toBe(true);
  });

  it('has no description without an error, and can be disabled', async () => {
    await renderWithProviders(<StarInput value={null} onChange={() => undefined} disabled />);
    const group = screen.getByRole('group');
    expect(group.hasAttribute('aria-describedby')).toBe(false);
    expect((group as HTMLFieldSetElement).disabled).toBe(true);
  });
});
