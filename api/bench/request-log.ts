import { type Agent, DecoratorHandler, type Dispatcher } from 'undici';

/**
 * The checker's requests as it sends them: when each was handed to undici, per host, and how many
 * connections were opened. Set beside what the fake stores saw, it tells where two starts came close.
 */
export interface RequestLog {
  /** The agent, composed with the log: what the app gets as its link-check dispatcher. */
  dispatcher: Dispatcher;
  /** Gaps between consecutive sends to one host, all hosts together, ascending. */
  sendGapsMs(): number[];
  sends(): number;
  /** Most requests to one host between their send and the end (or abort) of their response, as this process saw them. */
  maxInFlight(): number;
  /** Connections opened (each one a TLS handshake). */
  connections(): number;
  /** Connections closed, by undici's reason ("UND_ERR_INFO socket idle timeout", "UND_ERR_ABORTED …"). */
  disconnects(): Record<string, number>;
}

export function logRequests(agent: Agent): RequestLog {
  const sendsByHost = new Map<string, number[]>();
  const inFlight = new Map<string, number>();
  let peakInFlight = 0;
  let sent = 0;
  let connections = 0;
  const closed = new Map<string, number>();
  agent.on('connect', () => {
    connections++;
  });
  agent.on('disconnect', (_origin, _targets, error) => {
    const reason = `${error.code} ${error.message}`;
    closed.set(reason, (closed.get(reason) ?? 0) + 1);
  });
  const dispatcher = agent.compose((dispatch) => (options, handler) => {
    const host = options.origin === undefined ? '' : new URL(options.origin).hostname;
    const times = sendsByHost.get(host) ?? [];
    times.push(performance.now());
    sendsByHost.set(host, times);
    sent++;
    const open = (inFlight.get(host) ?? 0) + 1;
    inFlight.set(host, open);
    peakInFlight = Math.max(peakInFlight, open);
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
    };
    // DecoratorHandler speaks the handler interface of the caller (request() still uses the older one) either way.
    const inner: Dispatcher.DispatchHandler = new DecoratorHandler(handler);
    return dispatch(options, {
      onRequestStart: (controller, context) => inner.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) => inner.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) => inner.onResponseStart?.(controller, statusCode, headers, statusMessage),
      onResponseData: (controller, chunk) => inner.onResponseData?.(controller, chunk),
      onResponseEnd(controller, trailers) {
        end();
        inner.onResponseEnd?.(controller, trailers);
      },
      onResponseError(controller, error) {
        end();
        inner.onResponseError?.(controller, error);
      },
    });
  });
  return {
    dispatcher,
    sendGapsMs() {
      const gaps: number[] = [];
      for (const times of sendsByHost.values()) for (let i = 1; i < times.length; i++) gaps.push((times[i] ?? 0) - (times[i - 1] ?? 0));
      return gaps.sort((a, b) => a - b);
    },
    sends: () => sent,
    maxInFlight: () => peakInFlight,
    connections: () => connections,
    disconnects: () => Object.fromEntries([...closed].sort((a, b) => b[1] - a[1])),
  };
}
