import '../server-only.js';
import Type from 'typebox';
import { LINK_CHECK_REASONS, LINK_VERDICTS, type LinkCheckReason as LinkCheckReasonType, type LinkVerdict as LinkVerdictType } from '../link-health.js';
import { Nullable } from './common.js';

// Unsafe names the static type: a union built from a mapped array would be typed `never`.
export const LinkVerdict = Type.Unsafe<LinkVerdictType>(Type.Union(LINK_VERDICTS.map((verdict) => Type.Literal(verdict))));
export type LinkVerdict = LinkVerdictType;

/**
 * A product's links together: `ok` every link works, `gone` every link is gone, `partly_gone` some are,
 * `unknown` none is gone and at least one is not judged yet.
 */
export const LinkState = Type.Union([Type.Literal('ok'), Type.Literal('partly_gone'), Type.Literal('gone'), Type.Literal('unknown')]);
export type LinkState = Type.Static<typeof LinkState>;

/** One store link's verdict and when it was reached (null: never judged). */
export const StoreLinkHealth = Type.Object({ state: LinkVerdict, checked_at: Nullable(Type.String()) });
export type StoreLinkHealth = Type.Static<typeof StoreLinkHealth>;

// Unsafe names the static type: a union built from a mapped array would be typed `never`.
export const LinkCheckReason = Type.Unsafe<LinkCheckReasonType>(Type.Union(LINK_CHECK_REASONS.map((reason) => Type.Literal(reason))));
export type LinkCheckReason = LinkCheckReasonType;
