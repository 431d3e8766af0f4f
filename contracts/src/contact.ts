// Imported, then exported: a type re-export straight from the schema module reads as a runtime edge to the cycle lint.
import type { ContactRequest } from './schemas/contact.js';
export type { ContactRequest };
