import type { BusEvents } from '@linkhunt/contracts/events';
import type { Product } from '@linkhunt/contracts/product';
import { bus } from '@linkhunt/shared-ui/features/bus/event-bus.ts';
import { results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fakeRoutes } from '../../../test/api.ts';
import { aFullProduct, aValoration, LUIS, MARTA, meAsAuthor } from '../../../test/fixtures.ts';
import { renderLoaded, settle } from '../../../test/render.tsx';
import { resetState, signIn, signOut, toasts } from '../../../test/state.ts';
import { Reviews } from './Reviews.tsx';

const REVIEW_CALL = 'POST /products/1/valorations';
const luisReview = aValoration({ id: 11, stars: 4, review: 'Great quality for the price', created_at: '2025-03-12T10:00:00Z', user: LUIS });
const martaReview = aValoration({ id: 12, stars: 2, review: null, created_at: '2025-01-05T10:00:00Z', user: MARTA });

/** Where the sign-in links lead: shows the page the visitor came from, as the auth pages read it. */
function AuthPage() {
  const { pathname, state } = useLocation();
  const from = (state as { from?: { pathname?: string } } | null)?.from?.pathname;
  return <p>{`${pathname} from ${from ?? 'nowhere'}`}</p>;
}

async function renderReviews(product: Product = aFullProduct({ valorations: { data: [luisReview] } })) {
  const onReviewed = vi.fn();
  const view = await renderLoaded(
    <Routes>
      <Route path="/:lang/product/:slug" element={<Reviews product={product} onReviewed={onReviewed} />} />
      <Route path="/:lang/auth/*" element={<AuthPage />} />
    </Routes>,
  );
  return { ...view, onReviewed };
}

const textBox = () => screen.getByRole('textbox', { name: 'Your review (optional)' });
const heard = vi.fn<(payload: BusEvents['review:added']) => void>();
let unsubscribe: () => void = () => undefined;

beforeEach(() => {
  unsubscribe = bus.subscribe('review:added', heard);
});
afterEach(() => {
  unsubscribe();
  heard.mockReset();
  resetState();
});

describe('Reviews', () => {
  it('marks a review that does not count yet: to its author, that it counts once the address is verified; to others, why it is left out', async () => {
    const mine = aValoration({ id: 40, stars: 1, review: 'Not what I ordered', user: meAsAuthor(), counted: false });
    const theirs = aValoration({ id: 41, stars: 1, review: 'Bad', user: MARTA, counted: false });
    const product = aFullProduct({ user: LUIS, rating: { average: 4, count: 1 }, valorations: { data: [mine, theirs, luisReview] } });
    signIn();
    await renderReviews(product);
    const items = within(screen.getByRole('list', { name: 'What the community says' })).getAllByRole('listitem');
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByText('Your review counts in the rating once your email address is verified.')).toBeTruthy();
    expect(within(second).getByText('Not counted in the rating: its author has not verified their email address.')).toBeTruthy();
    expect(third.textContent).not.toMatch(/counted|verified/);
    // The rating shows the counted reviews' average and number.
    expect(within(screen.getByRole('region', { name: 'Reviews' })).getByRole('img', { name: 'Rated 4 out of 5 (1 review)' })).toBeTruthy();
  });

  it('lists each review with its author, stars, date and text, under the product\'s rating', async () => {
    signOut();
    await renderReviews(aFullProduct({ rating: { average: 3, count: 2 }, valorations: { data: [luisReview, martaReview] } }));
    const section = screen.getByRole('region', { name: 'Reviews' });
    expect(within(section).getByRole('img', { name: 'Rated 3 out of 5 (2 reviews)' })).toBeTruthy();

    const items = within(screen.getByRole('list', { name: 'What the community says' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Luis Gómez @luis_g' }).getAttribute('href')).toBe('/en/user/luis_g');
    expect(within(first).getByRole('img', { name: '4/5' })).toBeTruthy();
    const date = within(first).getByText('Mar 12, 2025');
    expect(date.tagName).toBe('TIME');
    expect(date.getAttribute('datetime')).toBe('2025-03-12T10:00:00Z');
    expect(within(first).getByText('Great quality for the price')).toBeTruthy();

    expect(within(second).getByRole('link', { name: 'Marta Ruiz @marta_finds' }).getAttribute('href')).toBe('/en/user/marta_finds');
    expect(within(second).getByRole('img', { name: '2/5' })).toBeTruthy();
    expect(within(second).getByText('Jan 5, 2025')).toBeTruthy();
    expect(first.querySelectorAll('p')).toHaveLength(1);
    expect(second.querySelector('p')).toBeNull();
    expect(screen.queryByText('No reviews yet. Be the first to rate this product.')).toBeNull();
  });

  it('says there are no reviews yet when there are none', async () => {
    signOut();
    await renderReviews(aFullProduct({ rating: { average: 0, count: 0 }, valorations: { data: [] } }));
    expect(screen.getByText('No reviews yet. Be the first to rate this product.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'What the community says' })).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Reviews' })).getByText('No reviews yet')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /out of 5/ })).toBeNull();
  });

  it('shows the community rules', async () => {
    signOut();
    await renderReviews();
    const rules = screen.getByRole('complementary', { name: 'Community rules' });
    expect(within(rules).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Rate what you bought and received, honestly.',
      'Be respectful: no insults or personal data.',
      'No links or advertising in reviews.',
    ]);
  });

  it('asks a visitor who is not signed in to create an account or log in, and to come back here', async () => {
    signOut();
    const { user } = await renderReviews();
    expect(screen.getByText('Create an account or log in to rate products, keep favourites and share your own finds.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/en/auth/register');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/auth');

    await user.click(screen.getByRole('link', { name: 'Create an account' }));
    expect(screen.getByText('/en/auth/register from /en/product/retro-runner')).toBeTruthy();
  });

  it('sends the visitor to log in with the way back to the product', async () => {
    signOut();
    const { user } = await renderReviews();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(screen.getByText('/en/auth from /en/product/retro-runner')).toBeTruthy();
  });

  it('shows neither the form nor the prompt while the session is still being checked', async () => {
    await renderReviews();
    expect(screen.getByRole('heading', { name: 'Rate this product' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('gives a signed-in user an empty form to rate the product', async () => {
    signIn();
    await renderReviews();
    expect(screen.getByRole('group', { name: 'Your rating' })).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false, false, false, false]);
    expect((textBox() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send review' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('asks for the stars before sending anything, keeping the text', async () => {
    signIn();
    const api = fakeRoutes({});
    const { user, onReviewed } = await renderReviews();
    await user.type(textBox(), 'Nice colours');
    await user.click(screen.getByRole('button', { name: 'Send review' }));

    expect(screen.getByText('You must rate the product')).toBeTruthy();
    expect(screen.getAllByRole('radio').every((radio) => radio.getAttribute('aria-invalid') === 'true')).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star' }));
    expect((textBox() as HTMLTextAreaElement).value).toBe('Nice colours');
    await settle();
    expect(api.calls()).toEqual([]);
    expect(onReviewed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(screen.queryByText('You must rate the product')).toBeNull();
  });

  it('sends the stars and the text, then hands the saved review and the new rating over, thanks and tells the others', async () => {
    signIn();
    const saved = aValoration({ id: 50, stars: 4, review: 'Fits well', user: meAsAuthor() });
    const api = fakeRoutes({ [REVIEW_CALL]: results({ valoration: saved, rating: { average: 4.5, count: 2 } }) });
    const { user, onReviewed } = await renderReviews();
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.type(textBox(), '  Fits well ');
    await user.click(screen.getByRole('button', { name: 'Send review' }));

    await waitFor(() => expect(onReviewed).toHaveBeenCalledExactlyOnceWith(saved, { average: 4.5, count: 2 }));
    expect(api.calls()).toEqual([REVIEW_CALL]);
    expect(bodyOf(api.requests[0])).toEqual({ stars: 4, review: 'Fits well' });
    expect(toasts()).toEqual([{ kind: 'success', message: 'Thanks for your review' }]);
    expect(heard).toHaveBeenCalledExactlyOnceWith({ productId: 1, stars: 4 });
  });

  it('sends the stars alone when there is no text', async () => {
    signIn();
    const api = fakeRoutes({ [REVIEW_CALL]: results({ valoration: aValoration({ id: 50, stars: 5, review: null, user: meAsAuthor() }), rating: { average: 5, count: 1 } }) });
    const { user } = await renderReviews();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(textBox(), '   ');
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'success', message: 'Thanks for your review' }]));
    expect(bodyOf(api.requests[0])).toEqual({ stars: 5 });
  });

  it('shows the first validation message of a refused review in an error toast, keeping what was typed', async () => {
    signIn();
    fakeRoutes({
      [REVIEW_CALL]: {
        status: 422,
        data: { message: 'The given data was invalid.', errors: { stars: ['You must rate the product'], review: ['Too long'] } },
      },
    });
    const { user, onReviewed } = await renderReviews();
    await user.click(screen.getByRole('radio', { name: '2 stars' }));
    await user.type(textBox(), 'Meh');
    await user.click(screen.getByRole('button', { name: 'Send review' }));

    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'You must rate the product' }]));
    expect(onReviewed).not.toHaveBeenCalled();
    expect(heard).not.toHaveBeenCalled();
    expect((textBox() as HTMLTextAreaElement).value).toBe('Meh');
    expect((screen.getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Send review' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the answer\'s message when the API refuses without field errors', async () => {
    signIn();
    fakeRoutes({ [REVIEW_CALL]: { status: 403, data: { message: 'You cannot review your own product' } } });
    const { user } = await renderReviews();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'You cannot review your own product' }]));
  });

  it('falls back to its own words when the answer says nothing', async () => {
    signIn();
    fakeRoutes({ [REVIEW_CALL]: { status: 500, data: null } });
    const { user } = await renderReviews();
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(toasts()).toEqual([{ kind: 'error', message: 'Your review could not be sent. Try again.' }]));
  });

  it('tells the uploader the community reviews their products, with no form', async () => {
    signIn();
    await renderReviews(aFullProduct({ user: meAsAuthor(), valorations: { data: [luisReview] } }));
    expect(screen.getByText('This is one of your products: the community reviews it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('link', { name: 'Luis Gómez @luis_g' })).toBeTruthy();
  });

  it('does not take reviews for an unavailable product', async () => {
    signIn();
    await renderReviews(aFullProduct({ hidden: 1 }));
    expect(screen.getByText('This product is no longer available, so it cannot be reviewed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
  });

  it('fills the form with the user\'s earlier review, which a new one updates', async () => {
    signIn();
    const earlier = aValoration({ id: 30, stars: 3, review: 'Runs small', user: meAsAuthor() });
    const api = fakeRoutes({ [REVIEW_CALL]: results({ valoration: { ...earlier, stars: 4 }, rating: { average: 4, count: 2 } }) });
    const { user, onReviewed } = await renderReviews(aFullProduct({ valorations: { data: [luisReview, earlier] } }));

    expect(screen.getByRole('group', { name: 'Your rating (it replaces your earlier review)' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: '3 stars' }) as HTMLInputElement).checked).toBe(true);
    expect((textBox() as HTMLTextAreaElement).value).toBe('Runs small');
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();

    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(screen.getByRole('button', { name: 'Update review' }));
    await waitFor(() => expect(onReviewed).toHaveBeenCalledTimes(1));
    expect(bodyOf(api.requests[0])).toEqual({ stars: 4, review: 'Runs small' });
  });
});
