import { LINK_CHECKER_ACTOR } from '@linkhunt/contracts/moderation';

/** Whether an audit entry's actor is the link checker rather than a moderator (no account has its id or name). */
export const isLinkChecker = (actor: { id: number; username: string }) => actor.id === LINK_CHECKER_ACTOR.id && actor.username === LINK_CHECKER_ACTOR.username;
