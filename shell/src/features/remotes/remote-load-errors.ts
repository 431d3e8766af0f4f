import type { ComponentType } from 'react';

/** What a remote's exposed module gives the shell. */
export interface RemoteModule {
  default: ComponentType;
}

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
}

/**
 * A remote that did not answer in time. Its load is not abandoned: `arrival` resolves with the module if the
 * remote answers after all, so the area can replace its fallback by itself (RemoteArea).
 */
export class RemoteTimeoutError extends RemoteLoadError {
  override name = 'RemoteTimeoutError';

  constructor(
    message: string,
    readonly arrival: Promise<RemoteModule>,
  ) {
    super(message);
  }
}
