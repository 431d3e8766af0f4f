import { deferred, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';
import { ILLEGAL_DETAILS_MIN_LENGTH, REPORT_DETAILS_MAX_LENGTH } from '@linkhunt/contracts/product';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bodyOf, fakeRoutes } from '../../../test/api.ts';
import { renderLoaded, settle } from '../../../test/render.tsx';
import { resetState, signIn, signOut, toasts } from '../../../test/state.ts';
import { ReportButton } from './ReportButton.tsx';

const REPORT_CALL = 'POST /products/report';

async function openReport() {
  const view = await renderLoaded(<ReportButton productId={7} />);
  expect(screen.queryByRole('dialog')).toBeNull();
  await view.user.click(screen.getByRole('button', { name: 'Report a problem' }));
  return view;
}

const dialog = () => screen.getByRole('dialog', { name: 'Report this product' });
const reasons = () => within(within(dialog()).getByRole('group', { name: 'What is the problem?' })).getAllByRole('radio') as HTMLInputElement[];
const chosenReason = () => {
  const checked = reasons().find((radio) => radio.checked);
  return checked && document.getElementById(checked.getAttribute('aria-labelledby') ?? '')?.textContent;
};

afterEach(() => resetState());

describe('ReportButton', () => {
  it('asks what is wrong first, with a broken link chosen', async () => {
    fakeRoutes({});
    await openReport();
    expect(within(dialog()).getByText('What is wrong with this product? Tell us and we will check it.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(chosenReason()).toBe('A store link is broken');
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
    expect(bodyOf(api.requests[0])).toEqual({ id: 7, reason: 'broken_link' });
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

  describe('gives focus back to "Report a problem"', () => {
    const opener = () => screen.getByRole('button', { name: 'Report a problem' });

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

/** The text of what an element's aria-describedby points at. */
const descriptionOf = (element: Element) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const WHY = 'Sold as an original but it is a counterfeit of a registered brand.';

describe('ReportButton reasons', () => {
  it('offers the four reasons as a radio group, each named alone and described by what it covers', async () => {
    fakeRoutes({});
    await openReport();
    expect(reasons().map((radio) => radio.getAttribute('aria-labelledby') && document.getElementById(radio.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual([
      'A store link is broken',
      'Wrong product',
      'Illegal content',
      'Something else',
    ]);
    expect(reasons().map((radio) => radio.value)).toEqual(['broken_link', 'wrong_product', 'illegal', 'other']);
    expect(within(dialog()).getByRole('radio', { name: 'Wrong product' })).toBe(reasons()[1]);
    expect(descriptionOf(reasons()[1] as HTMLElement)).toBe('The photo, title or description do not match what the store sells.');
    // Nothing of an illegal notice until it is chosen.
    expect(within(dialog()).queryByRole('checkbox')).toBeNull();
    expect(within(dialog()).queryByRole('textbox', { name: 'Your email' })).toBeNull();
  });

  it('moves through the reasons with the arrow keys', async () => {
    fakeRoutes({});
    const { user } = await openReport();
    act(() => reasons()[0]?.focus());
    await user.keyboard('{ArrowDown}');
    expect(chosenReason()).toBe('Wrong product');
    await user.keyboard('{ArrowDown}');
    expect(chosenReason()).toBe('Illegal content');
    expect(within(dialog()).getByRole('checkbox')).toBeTruthy();
  });

  it('sends another reason with its optional details, counting the characters', async () => {
    const api = fakeRoutes({ [REPORT_CALL]: { status: 201, data: { message: 'Product reported', already_reported: false } } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('radio', { name: 'Wrong product' }));
    const details = within(dialog()).getByRole('textbox', { name: 'Details (optional)' }) as HTMLTextAreaElement;
    expect(details.required).toBe(false);
    expect(details.maxLength).toBe(REPORT_DETAILS_MAX_LENGTH);
    expect(descriptionOf(details)).toBe(`Anything that helps us check it quickly. 0 / ${REPORT_DETAILS_MAX_LENGTH} characters`);
    await user.type(details, 'Photo shows a bag');
    expect(descriptionOf(details)).toContain(`17 / ${REPORT_DETAILS_MAX_LENGTH} characters`);
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Product reported' }]));
    expect(bodyOf(api.requests[0])).toEqual({ id: 7, reason: 'wrong_product', details: 'Photo shows a bag' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('starts afresh after a report is sent', async () => {
    fakeRoutes({ [REPORT_CALL]: { status: 201, data: { message: 'Product reported', already_reported: false } } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('radio', { name: 'Something else' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Details (optional)' }), 'Odd');
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    expect(chosenReason()).toBe('A store link is broken');
    expect((within(dialog()).getByRole('textbox', { name: 'Details (optional)' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('asks a visitor\'s illegal notice for an explanation, an address and the good-faith statement before sending anything', async () => {
    signOut();
    const api = fakeRoutes({});
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('radio', { name: 'Illegal content' }));

    const details = within(dialog()).getByRole('textbox', { name: 'Why is it illegal?' }) as HTMLTextAreaElement;
    const email = within(dialog()).getByRole('textbox', { name: 'Your email' }) as HTMLInputElement;
    const statement = within(dialog()).getByRole('checkbox', {
      name: 'I confirm in good faith that the information in this notice is accurate and complete.',
    }) as HTMLInputElement;
    expect([details.required, email.required, statement.required]).toEqual([true, true, true]);
    expect(email.type).toBe('email');
    expect(email.autocomplete).toBe('email');

    await user.type(details, 'Fake');
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    expect(descriptionOf(details)).toContain(`Explain why in at least ${ILLEGAL_DETAILS_MIN_LENGTH} characters.`);
    expect(details.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(email)).toContain('Enter your email, so we can acknowledge your notice.');
    expect(descriptionOf(statement)).toBe('Confirm the statement to send a notice of illegal content.');
    // The first field to fix has the focus, its message read with it.
    expect(document.activeElement).toBe(details);
    await settle();
    expect(api.calls()).toEqual([]);

    await user.type(email, 'not-an-address');
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    expect(descriptionOf(email)).toContain('Enter a valid email address.');
    expect(api.calls()).toEqual([]);
  });

  it('sends a visitor\'s complete illegal notice with the address and the statement, and says it was received', async () => {
    signOut();
    const api = fakeRoutes({ [REPORT_CALL]: { status: 201, data: { message: 'Notice received', already_reported: false } } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('radio', { name: 'Illegal content' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Why is it illegal?' }), WHY);
    await user.type(within(dialog()).getByRole('textbox', { name: 'Your email' }), 'finder@example.com');
    await user.click(within(dialog()).getByRole('checkbox'));
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));

    await waitFor(() =>
      expect(toasts()).toEqual([{ kind: 'success', message: 'Notice received. We have sent you an acknowledgement by email and will review it.' }]),
    );
    expect(bodyOf(api.requests[0])).toEqual({ id: 7, reason: 'illegal', details: WHY, good_faith: true, contact_email: 'finder@example.com' });
  });

  it('asks no address of a signed-in reporter, whose account gets the acknowledgement', async () => {
    signIn();
    const api = fakeRoutes({ [REPORT_CALL]: { status: 201, data: { message: 'Notice received', already_reported: false } } });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('radio', { name: 'Illegal content' }));
    expect(within(dialog()).queryByRole('textbox', { name: 'Your email' })).toBeNull();
    await user.type(within(dialog()).getByRole('textbox', { name: 'Why is it illegal?' }), WHY);
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));
    expect(descriptionOf(within(dialog()).getByRole('checkbox'))).toBe('Confirm the statement to send a notice of illegal content.');
    await user.click(within(dialog()).getByRole('checkbox'));
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(api.calls()).toEqual([REPORT_CALL]));
    expect(bodyOf(api.requests[0])).toEqual({ id: 7, reason: 'illegal', details: WHY, good_faith: true });
  });

  it('shows the API\'s refusal of a field beside it, keeps what was typed and focuses it', async () => {
    signOut();
    fakeRoutes({
      [REPORT_CALL]: { status: 422, data: { message: 'The given data was invalid.', errors: { contact_email: ['This address cannot receive mail.'] } } },
    });
    const { user } = await openReport();
    await user.click(within(dialog()).getByRole('radio', { name: 'Illegal content' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Why is it illegal?' }), WHY);
    const email = within(dialog()).getByRole('textbox', { name: 'Your email' }) as HTMLInputElement;
    await user.type(email, 'finder@example.invalid');
    await user.click(within(dialog()).getByRole('checkbox'));
    await user.click(within(dialog()).getByRole('button', { name: 'Report' }));

    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'This address cannot receive mail.' }]));
    expect(descriptionOf(email)).toContain('This address cannot receive mail.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.value).toBe('finder@example.invalid');
    expect(document.activeElement).toBe(email);
    // Edited, the field is no longer marked.
    await user.type(email, 'x');
    expect(email.hasAttribute('aria-invalid')).toBe(false);
  });
});
