import type { AuditEntry, LinkCheckEntry, ModeratedUser, QueueItem } from '@linkhunt/contracts/moderation';
import type { Pagination } from '@linkhunt/contracts/common';
import { sessionStore } from '@linkhunt/shared-ui/features/session/session-store.ts';
import { toastStore } from '@linkhunt/shared-ui/features/toasts/toast-store.ts';
import { type fakeApi, type Reply, restoreApi } from '@linkhunt/shared-ui/test/fake-api.ts';
import { anOwnUser, aProduct } from '@linkhunt/shared-ui/test/fixtures.ts';
import type { OwnUser, Role } from '@linkhunt/contracts/user';

/** Test support only: never imported by the screens. */

/** One page of a console list: `{ results: { data, meta: { pagination } } }`. */
export function page(items: unknown[], { page: current = 1, total = items.length, perPage = 20 }: { page?: number; total?: number; perPage?: number } = {}): Reply {
  const pagination: Pagination = {
    total,
    count: items.length,
    per_page: perPage,
    current_page: current,
    total_pages: Math.max(1, Math.ceil(total / perPage)),
  };
  return { data: { results: { data: items, meta: { pagination } } } };
}

export const moderator = (role: Role = 'moderator', overrides: Partial<OwnUser> = {}) =>
  anOwnUser({ id: 1, name: 'Mia Mod', username: 'mia_mod', role, ...overrides });

/** Signs the given user in, as the shell's session check would. */
export const signIn = (user: OwnUser) => sessionStore.setState({ status: 'authenticated', user });

export function aQueueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    product: aProduct({ id: 11, slug: 'retro-runner', title: 'Retro Runner sneakers' }),
    uploader: { id: 7, name: 'Ana Pérez', username: 'ana_hunts', avatar: null, created_at: '2024-02-01T10:00:00Z' },
    open_reports: 3,
    reason_counts: [
      { reason: 'illegal', count: 1 },
      { reason: 'broken_link', count: 2 },
    ],
    reports: [
      { reason: 'illegal', details: 'Counterfeit of a registered trademark.', reporter: null, contact_email: 'visitor@example.com', created_at: '2024-06-03T09:00:00Z', automated: false },
      { reason: 'broken_link', details: null, reporter: 'lucia.finds', contact_email: null, created_at: '2024-06-02T09:00:00Z', automated: false },
    ],
    appeal: null,
    link_history: [],
    last_activity_at: '2024-06-03T09:00:00Z',
    ...overrides,
  };
}

/** One check of the product's Hacoo link by the link checker: gone, a 404. */
export function aLinkCheck(overrides: Partial<LinkCheckEntry> = {}): LinkCheckEntry {
  return {
    platform: 'hacoo',
    url: 'https://c.hacoo.app/item/123',
    result: 'gone',
    reason: 'not_found',
    http_status: 404,
    checked_at: '2024-06-03T08:00:00Z',
    ...overrides,
  };
}

export function aModeratedUser(overrides: Partial<ModeratedUser> = {}): ModeratedUser {
  return {
    id: 7,
    username: 'ana_hunts',
    name: 'Ana Pérez',
    email: 'ana@example.com',
    role: 'user',
    verified: true,
    created_at: '2024-02-01T10:00:00Z',
    suspended_at: null,
    suspension_reason: null,
    products: 12,
    ...overrides,
  };
}

export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    actor: { id: 1, username: 'mia_mod' },
    action: 'product.hide',
    target_type: 'product',
    target_id: 11,
    target_label: 'Retro Runner sneakers',
    details: 'Counterfeit of a registered trademark, against the rules.',
    created_at: '2024-06-04T10:00:00Z',
    ...overrides,
  };
}

/** The toasts shown so far, as the user reads them. */
export const toasts = () => toastStore.getState().toasts.map(({ kind, message }) => ({ kind, message }));

type SeenRequest = ReturnType<typeof fakeApi>['requests'][number];

/** A request the fake API saw, as "METHOD url". */
export const describeRequest = (request: SeenRequest) => `${request.method.toUpperCase()} ${request.url}`;

/** The JSON body a request sent. */
export const bodyOf = (request: SeenRequest | undefined): unknown => (typeof request?.data === 'string' ? JSON.parse(request.data) : undefined);

/** An afterEach of the console's tests: the real API transport, no session, no toasts. */
export function resetAdminState(): void {
  restoreApi();
  sessionStore.setState({ status: 'pending', user: null });
  toastStore.setState({ toasts: [] });
  localStorage.clear();
}
