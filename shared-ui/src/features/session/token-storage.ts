/** Local storage key of the sign-in token (spec section 9). */
export const TOKEN_KEY = 'linkhunt.token';

// Storage can throw (private mode, disabled storage): the site then works signed out.
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    /* see readToken */
  }
}
