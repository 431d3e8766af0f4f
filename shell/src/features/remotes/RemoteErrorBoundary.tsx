import type { RemoteId } from '@linkhunt/contracts/remotes';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportRemoteFailure } from './report-remote-failure.ts';

interface Props {
  remote: RemoteId;
  /** Gets what was caught: a remote that timed out may still arrive (RemoteTimeoutError). */
  fallback: (retry: () => void, error: unknown) => ReactNode;
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote that fails to load or to render, so only its area shows the fallback, and reports it. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean; error: unknown }> {
  override state = { failed: false, error: undefined as unknown };

  static getDerivedStateFromError(error: unknown): { failed: boolean; error: unknown } {
    return { failed: true, error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('remote area failed', error, info.componentStack);
    reportRemoteFailure(this.props.remote, error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.props.onRetry, this.state.error) : this.props.children;
  }
}
