import { fakeApi, type Reply } from '@linkhunt/shared-ui/test/fake-api.ts';

type Answer = Reply | Promise<Reply>;

/** The home page's endpoints, each with its own answer; any other URL is a 404. */
export function fakeHomeApi(answers: Partial<Record<string, Answer | (() => Answer)>>) {
  return fakeApi((request) => {
    const answer = answers[request.url ?? ''];
    if (answer === undefined) return { status: 404, data: { message: 'Not found' } };
    return typeof answer === 'function' ? answer() : answer;
  });
}

export const SERVER_ERROR: Reply = { status: 500, data: { message: 'Server Error' } };

/** How many placeholders of a kind (`product-card`, `brand-logo`, `user-card`, `category-card`) an element holds. */
export const skeletons = (element: HTMLElement, kind: string) => element.querySelectorAll(`[data-skeleton="${kind}"]`).length;
