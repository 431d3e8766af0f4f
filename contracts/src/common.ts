// Imported, then exported: a type re-export straight from the schema module reads as a runtime edge to the cycle lint.
import type {
  Message,
  PageQuery,
  Pagination,
  ValidationError,
} from './schemas/common.js';
export type {
  Message,
  PageQuery,
  Pagination,
  ValidationError,
};
