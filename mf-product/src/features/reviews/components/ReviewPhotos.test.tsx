import type { Product } from '@linkhunt/contracts/product';
import { results } from '@linkhunt/shared-ui/test/fake-api.ts';
import { gifFile, pngFile } from '@linkhunt/shared-ui/test/image-files.ts';
import { stubObjectUrls } from '@linkhunt/shared-ui/test/object-urls.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyOf, fakeRoutes } from '../../../test/api.ts';
import { aFullProduct, aValoration, LUIS, meAsAuthor } from '../../../test/fixtures.ts';
import { renderLoaded } from '../../../test/render.tsx';
import { resetState, signIn, toasts } from '../../../test/state.ts';
import { Reviews } from './Reviews.tsx';

const REVIEW_CALL = 'POST /products/1/valorations';
const photo = (id: number) => ({ id, image: `reviews/r${id}.webp`, thumbnail: `reviews/r${id}-thumb.webp` });

async function renderReviews(product: Product) {
  const onReviewed = vi.fn();
  const view = await renderLoaded(<Reviews product={product} onReviewed={onReviewed} />);
  return { ...view, onReviewed };
}

let urls: ReturnType<typeof stubObjectUrls>;
beforeEach(() => {
  urls = stubObjectUrls();
});
afterEach(() => {
  urls.restore();
  resetState();
});

describe('review photos', () => {
  it('shows a review’s photos, each opening at full size, and the moderators’ statement where they removed them', async () => {
    const withPhotos = aValoration({ id: 11, user: LUIS, photos: [photo(1), photo(2)] });
    const removed = aValoration({ id: 12, review: 'Fine', photos: [], photos_removed: { statement: 'They showed a stranger’s address.', removed_at: '2026-12-01T10:00:00Z' } });
    await renderReviews(aFullProduct({ valorations: { data: [withPhotos, removed] } }));
    // The reviews themselves, not the photos' items inside them.
    const [first, second] = [...screen.getByRole('list', { name: 'What the community says' }).children] as [HTMLElement, HTMLElement];
    const photos = within(first).getByRole('list', { name: 'Photos by Luis Gómez' });
    const links = within(photos).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['http://api.test/images/reviews/r1.webp', 'http://api.test/images/reviews/r2.webp']);
    expect(within(links[0] as HTMLElement).getByRole('img').getAttribute('alt')).toBe('Reviewer’s photo 1 of 2');
    expect(within(second).getByText('Photos removed by the moderators: They showed a stranger’s address.')).toBeTruthy();
  });

  it('sends a review with photos as a form, and one without as JSON as before', async () => {
    signIn();
    const saved = aValoration({ id: 60, stars: 5, user: meAsAuthor(), photos: [photo(5)] });
    const api = fakeRoutes({ [REVIEW_CALL]: results({ valoration: saved, rating: { average: 5, count: 1 } }) });
    const { user, onReviewed } = await renderReviews(aFullProduct({ user: LUIS }));
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    const [front, gif] = [pngFile('front.png'), gifFile()];
    await user.upload(screen.getByLabelText('Add photos'), [front, gif]);
    // The GIF is refused and said so; the PNG is kept.
    expect((await screen.findByRole('alert')).textContent).toBe('This file is not a PNG or JPG image. Choose another one.');
    expect(screen.getAllByRole('img', { name: /^Your photo/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send review' }));
    await waitFor(() => expect(onReviewed).toHaveBeenCalledOnce());
    const sent = api.requests[0]?.data;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('stars')).toBe('5');
    expect((sent as FormData).getAll('photos')).toEqual([front]);
    expect((sent as FormData).has('keep_photos')).toBe(false);
  });

  it('keeps fewer of one’s own photos on an edit, by id; an untouched review goes as JSON', async () => {
    signIn();
    const mine = aValoration({ id: 70, stars: 3, user: meAsAuthor(), photos: [photo(7), photo(8)] });
    const api = fakeRoutes({ [REVIEW_CALL]: results({ valoration: mine, rating: { average: 3, count: 1 } }) });
    const { user } = await renderReviews(aFullProduct({ user: LUIS, valorations: { data: [mine] } }));
    await user.click(screen.getByRole('button', { name: 'Update review' }));
    await waitFor(() => expect(api.requests).toHaveLength(1));
    expect(bodyOf(api.requests[0])).toEqual({ stars: 3, review: 'Great quality for the price' });
    await user.click(screen.getByRole('button', { name: 'Remove your photo 1' }));
    await user.click(screen.getByRole('button', { name: 'Update review' }));
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect((api.requests[1]?.data as FormData).get('keep_photos')).toBe('[8]');
  });

  it('lets a moderator remove another person’s photos after a statement of reasons', async () => {
    signIn({ role: 'moderator' });
    const theirs = aValoration({ id: 80, user: LUIS, photos: [photo(9)] });
    const after = { ...theirs, photos: [], photos_removed: { statement: 'They showed a stranger’s address label.', removed_at: '2026-12-07T10:00:00Z' } };
    const api = fakeRoutes({ 'POST /admin/valorations/80/photos/remove': { data: { message: 'The review’s photos were removed.', results: { data: after } } } });
    const { user, onReviewed } = await renderReviews(aFullProduct({ valorations: { data: [theirs] } }));
    await user.click(screen.getByRole('button', { name: 'Remove photos' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this review’s photos' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Statement of reasons' }), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Remove the photos' }));
    expect(within(dialog).getByText('Write at least 20 characters (so far 9).')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Statement of reasons' }), ': a stranger’s address label');
    await user.click(within(dialog).getByRole('button', { name: 'Remove the photos' }));
    await waitFor(() => expect(onReviewed).toHaveBeenCalledWith(after, expect.anything()));
    expect(bodyOf(api.requests[0])).toEqual({ statement: 'Too short: a stranger’s address label' });
    expect(toasts()).toEqual([{ kind: 'success', message: 'The review’s photos were removed.' }]);
  });

  it('offers no removal to a visitor, nor to a moderator on their own review', async () => {
    signIn({ role: 'moderator' });
    const own = aValoration({ id: 90, user: meAsAuthor(), photos: [photo(3)] });
    await renderReviews(aFullProduct({ user: LUIS, valorations: { data: [own] } }));
    expect(screen.queryByRole('button', { name: 'Remove photos' })).toBeNull();
  });
});
