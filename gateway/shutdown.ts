/**
 * Graceful shutdown of the listening gateway on SIGTERM (container stop, systemd) and SIGINT (Ctrl-C):
 *
 * 1. stop accepting connections and close idle keep-alive ones (`app.close()`, fastify server option
 *    `forceCloseConnections: 'idle'`); requests arriving on a still-open connection answer 503 with
 *    `Connection: close` (fastify `return503OnClosing`);
 * 2. let in-flight requests finish — uploads included — each answered with `Connection: close`;
 * 3. run the app's `onClose` hooks (grant store / Redis, worker pool) and exit with code 0.
 *
 * If this takes longer than `shutdownGraceSeconds`, the process logs it and exits with code 1. Further signals
 * during the drain are logged and otherwise ignored: under `npm start` a Ctrl-C reaches node twice (from the
 * terminal and forwarded by npm), which must not cut the drain short.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Longest delay `setTimeout` takes (ms, a signed 32-bit integer, about 24.8 days); a longer one fires after 1 ms
 * (Node.js docs "Timers", `setTimeout`): a large `shutdownGraceSeconds` waits this long instead.
 */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** fastify server option for the drain: idle keep-alive sockets are closed at once instead of holding `close()`. */
export const SHUTDOWN_SERVER_OPTIONS = { forceCloseConnections: 'idle' } as const;

export interface ShutdownOptions {
  /** Seconds to wait for in-flight requests before exiting with code 1. */
  graceSeconds: number;
  /** Signals that start the shutdown; default SIGTERM and SIGINT. */
  signals?: readonly NodeJS.Signals[];
  /** Ends the process (tests replace it); default `process.exit`. */
  exit?: (code: number) => void;
}

/**
 * Marks every response finished after shutdown began with `Connection: close`, so that the keep-alive socket of
 * an in-flight request closes with its answer instead of holding the drain until the keep-alive timeout.
 */
export function installDrainHooks(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

/**
 * Closes the app on the first of `signals` and exits: 0 when everything closed in time, 1 after the grace period
 * or on a close error.
 */
export function closeOnSignals(app: FastifyInstance, { graceSeconds, signals = ['SIGTERM', 'SIGINT'], exit = (code) => process.exit(code) }: ShutdownOptions): void {
  let shuttingDown = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn({ signal, graceSeconds }, 'already shutting down: waiting for in-flight requests');
      return;
    }
    shuttingDown = true;
    app.log.info({ signal, graceSeconds }, 'shutting down: no new connections; waiting for in-flight requests');
    const deadline = setTimeout(() => {
      app.log.error({ graceSeconds }, `in-flight requests did not finish within shutdownGraceSeconds (${graceSeconds} s): exiting`);
      exit(1);
    }, Math.min(graceSeconds * 1000, MAX_TIMER_MS));
    app.close().then(
      () => {
        clearTimeout(deadline);
        app.log.info('shut down');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
}
