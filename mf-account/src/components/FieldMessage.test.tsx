import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FieldMessage } from './FieldMessage.tsx';

describe('FieldMessage', () => {
  it('shows the message under the id the field points at, without announcing it itself', () => {
    render(
      <>
        <input aria-label="Title" aria-describedby="title-error" aria-invalid />
        <FieldMessage id="title-error" message="The title is required." />
      </>,
    );
    expect(document.getElementById('title-error')?.textContent).toBe('The title is required.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('renders nothing without a message', () => {
    const { container } = render(<FieldMessage id="title-error" message={undefined} />);
    expect(container.innerHTML).toBe('');
    render(<FieldMessage id="other-error" message="" />);
    expect(document.getElementById('other-error')).toBeNull();
  });
});
