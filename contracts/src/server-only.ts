/**
 * The mark of a module that must never reach a browser: every module under schemas/ (they build TypeBox
 * schemas) imports this first, for its effect. The statement below has an effect, so no bundler drops it and its
 * string stays in any chunk that took a marked module; scripts/check-browser-chunks.mjs fails the build's check on
 * that string. Any other server-only module can mark itself the same way (`import '@linkhunt/contracts/server-only'`).
 */
export const SERVER_ONLY_MARK = 'linkhunt:server-only-module';

(globalThis as Record<symbol, unknown>)[Symbol.for(SERVER_ONLY_MARK)] = true;
