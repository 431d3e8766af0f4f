/**
 * A request the platform API refuses for a reason its caller can fix: the status, a stable code and a sentence
 * (`{ error, message }`, with `extra` fields such as a preflight's checks).
 */
export class PlatformRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
