import '../server-only.js';
import Type from 'typebox';

export const ContactRequest = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  subject: Type.String({ minLength: 1, maxLength: 200 }),
  message: Type.String({ minLength: 1, maxLength: 5000 }),
});
export type ContactRequest = Type.Static<typeof ContactRequest>;
