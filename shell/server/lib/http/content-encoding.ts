import { negotiate } from '@fastify/accept-negotiator';

/** The best of `offered` the client accepts (q-values and refusals honoured, as @fastify/compress reads them); undefined for none. */
export function acceptedEncoding<K extends string>(header: string | undefined, offered: K[]): K | undefined {
  return header ? (negotiate(header, offered) ?? undefined) : undefined;
}
