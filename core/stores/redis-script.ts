/**
 * One Lua script call with node-redis v6: `EVALSHA`, falling back to `EVAL` when the server's script cache lacks
 * it (`NOSCRIPT` after a restart or `SCRIPT FLUSH`), so every call is one round trip in the usual case and the
 * stores need not reload their scripts. Used by every Redis store of the gateway.
 */
import type { RedisClientType } from 'redis';
import type { Script } from './redis-grant-scripts.js';

/**
 * Runs `script` with `keys` and `args`; the reply as Redis gives it.
 * @throws the client's error (connection lost, script error) unchanged; callers wrap it in their own error type
 */
export async function runScript(client: RedisClientType, script: Script, keys: string[], args: string[]): Promise<unknown> {
  try {
    return await client.evalSha(script.sha, { keys, arguments: args });
  } catch (error) {
    if (!(error instanceof Error ? error.message : String(error)).startsWith('NOSCRIPT')) throw error;
    return client.eval(script.source, { keys, arguments: args });
  }
}
