import { Message } from '@linkhunt/contracts/schemas/common';

/** Every /admin route takes the bearer token of a moderator or an admin. */
export const bearer = [{ bearer: [] }];
/** Answered by the guard before the route runs. */
export const guarded = { 401: Message, 403: Message };
