import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import styles from '../../styles/pages.module.css';

/** Spec section 8: the router's fallback says "Unexpected Application Error!" with the message, and offers a reload. */
function RouteErrorView({ error }: { error: unknown }) {
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className={`container ${styles.notFound}`} role="alert">
      <h1>Unexpected Application Error!</h1>
      <p>{detail}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

interface BoundaryProps {
  location: unknown;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  location: unknown;
}

/** As react-router's own route boundary: what it caught shows until the visitor goes somewhere else. */
class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { error: undefined, failed: false, location: props.location };
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}

/** The pages' error boundary (the declarative router has no errorElement). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
