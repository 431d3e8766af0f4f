export type { Category } from './schemas/category.js';
