// Imported, then exported: a type re-export straight from the schema module reads as a runtime edge to the cycle lint.
import type { Brand, BrandRef } from './schemas/brand.js';
export type { Brand, BrandRef };
