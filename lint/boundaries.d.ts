// Types of what the TypeScript tests import from boundaries.js (the ESLint config imports it as JavaScript).
export const API_FEATURE_IMPORTS: Record<string, string[]>;
export function findCycle(imports: Record<string, string[]>): string[] | null;
