import { LoadFailed } from './LoadFailed.tsx';

/** A page whose call failed (the network, the server): say so and offer to try again, without a reload. */
export function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="container">
      <LoadFailed onRetry={onRetry} />
    </div>
  );
}
