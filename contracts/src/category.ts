// Imported, then exported: a type re-export straight from the schema module reads as a runtime edge to the cycle lint.
import type { Category } from './schemas/category.js';
export type { Category };
