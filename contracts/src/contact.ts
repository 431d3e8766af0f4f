export type { ContactRequest } from './schemas/contact.js';
