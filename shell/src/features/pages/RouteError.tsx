import { isRouteErrorResponse, useRouteError } from 'react-router';
import styles from '../../styles/pages.module.css';

/** Spec section 8: the router's fallback says "Unexpected Application Error!" with the status or message, and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : String(error);
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
