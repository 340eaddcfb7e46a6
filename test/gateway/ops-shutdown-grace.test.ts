/** `closeOnSignals` with a grace period beyond what a Node.js timer holds (README "Operations", Shutdown). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { closeOnSignals } from '../../gateway/shutdown.js';

const SIGNAL = 'SIGUSR2';

afterEach(() => {
  process.removeAllListeners(SIGNAL);
});

/** A stand-in app whose close takes `ms` milliseconds. */
function slowClosingApp(ms: number): FastifyInstance {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return { log, close: () => new Promise<void>((resolve) => setTimeout(resolve, ms)) } as unknown as FastifyInstance;
}

describe('shutdownGraceSeconds', () => {
  it('waits for the drain when the grace period is longer than a timer can hold (not exit 1 at once)', async () => {
    const exit = vi.fn();
    const app = slowClosingApp(100);
    closeOnSignals(app, { graceSeconds: 30 * 24 * 3600, signals: [SIGNAL], exit });
    process.emit(SIGNAL, SIGNAL);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(exit.mock.calls).toEqual([[0]]);
    expect(app.log.error).not.toHaveBeenCalled();
  });
});
