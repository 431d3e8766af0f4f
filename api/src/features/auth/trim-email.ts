import type { FastifyRequest } from 'fastify';

/** A pasted address often carries a space; it is dropped before the email format is judged. */
export async function trimEmail(request: FastifyRequest): Promise<void> {
  const body = request.body as { email?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.email === 'string') body.email = body.email.trim();
}
