export type { Brand, BrandRef } from './schemas/brand.js';
