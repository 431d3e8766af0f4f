export type {
  Message,
  PageQuery,
  Pagination,
  ValidationError,
} from './schemas/common.js';
