import { AUDIT_ACTIONS, type AuditAction } from '@linkhunt/contracts/moderation';
import { REPORT_REASONS, type ReportReason } from '@linkhunt/contracts/product';
import { REMOTE_IDS, type RemoteId } from '@linkhunt/contracts/remotes';

/**
 * The console's filters and page, as the page URL's query holds them (shareable, kept by Back). The site's query
 * and the API's use the same names, so one builder makes both; a value the API would refuse is dropped on
 * reading, so no address can make it answer 422.
 */

/** The highest page the API takes (QueueQuery, UserQuery, AuditQuery). */
const MAX_PAGE = 100_000;
/** The API's longest search text (UserQuery.q) and username (AuditQuery.actor). */
export const MAX_USER_QUERY_LENGTH = 100;
export const MAX_ACTOR_LENGTH = 30;
/** The largest id the API takes (AuditQuery.target_id). */
const MAX_ID = 2_147_483_647;

export type UserStatusFilter = 'active' | 'suspended';
export const USER_STATUSES: readonly UserStatusFilter[] = ['active', 'suspended'];
export type TargetType = 'product' | 'user';
export const TARGET_TYPES: readonly TargetType[] = ['product', 'user'];

export interface QueueFilters {
  reason: ReportReason | null;
  page: number;
}

export interface UserFilters {
  q: string;
  status: UserStatusFilter | null;
  page: number;
}

export interface AuditFilters {
  action: AuditAction | null;
  actor: string;
  targetType: TargetType | null;
  targetId: number | null;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

function positiveInteger(value: string | null, max: number): number | null {
  if (value === null || !/^\d{1,10}$/.test(value.trim())) return null;
  const number = Number(value.trim());
  return number >= 1 && number <= max ? number : null;
}

const pageOf = (search: URLSearchParams) => positiveInteger(search.get('page'), MAX_PAGE) ?? 1;
const textOf = (search: URLSearchParams, name: string, max: number) => (search.get(name) ?? '').trim().slice(0, max).trim();

/** A username as typed in a filter: "@ana" is "ana". */
export const bareUsername = (value: string) => value.trim().replace(/^@+/, '').slice(0, MAX_ACTOR_LENGTH);

export function readQueueFilters(search: URLSearchParams): QueueFilters {
  return { reason: oneOf(REPORT_REASONS, search.get('reason')), page: pageOf(search) };
}

export function readUserFilters(search: URLSearchParams): UserFilters {
  return { q: textOf(search, 'q', MAX_USER_QUERY_LENGTH), status: oneOf(USER_STATUSES, search.get('status')), page: pageOf(search) };
}

export function readAuditFilters(search: URLSearchParams): AuditFilters {
  const targetType = oneOf(TARGET_TYPES, search.get('target_type'));
  return {
    action: oneOf(AUDIT_ACTIONS, search.get('action')),
    actor: bareUsername(search.get('actor') ?? ''),
    targetType,
    // An id means nothing without its type: alone it would match a product and a user alike.
    targetId: targetType ? positiveInteger(search.get('target_id'), MAX_ID) : null,
    page: pageOf(search),
  };
}

/** The platform page's history filter: one remote, or all (null). */
export function readHistoryRemote(search: URLSearchParams): RemoteId | null {
  return oneOf(REMOTE_IDS, search.get('remote'));
}

type QueryValue = string | number | null | undefined;

/** `path?name=value…` in the order given, leaving out empty values and page 1 (the default). */
export function withQuery(path: string, values: Record<string, QueryValue>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    if (name === 'page' && value === 1) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const queueQuery = ({ reason, page }: QueueFilters) => ({ reason, page });
export const userQuery = ({ q, status, page }: UserFilters) => ({ q, status, page });
export const auditQuery = ({ action, actor, targetType, targetId, page }: AuditFilters) => ({
  action,
  actor,
  target_type: targetType,
  target_id: targetType ? targetId : null,
  page,
});
