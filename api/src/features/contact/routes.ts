import { ContactRequest } from '@linkhunt/contracts/schemas/contact';
import { Message, ValidationError } from '@linkhunt/contracts/schemas/common';
import type { App } from '../../app-types.js';
import { say } from '../../i18n/say.js';
import { insertContactMessage } from './message-repository.js';

export async function contactRoutes(app: App): Promise<void> {
  app.post(
    '/contact',
    {
      config: { rateLimit: app.config.rateLimits.contact },
      schema: {
        tags: ['contact'],
        operationId: 'sendContactMessage',
        summary: 'Send a message to the site team (stored for them to read)',
        description: `No sign-in needed, and nothing is mailed. At most ${app.config.rateLimits.contact.max} messages a minute per client (RATE_LIMIT_CONTACT), then 429 with Retry-After.`,
        body: ContactRequest,
        response: { 201: Message, 422: ValidationError, 429: Message },
      },
    },
    async (request, reply) => {
      const { email, subject, message } = request.body;
      await insertContactMessage(app.db, { email: email.trim().toLowerCase(), subject: subject.trim(), message: message.trim(), visitor: app.visitorKey(request) });
      return reply.status(201).send(say(request, 'report.contact_sent'));
    },
  );
}
