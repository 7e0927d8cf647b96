/** REST snapshot results (PROTOCOL.md section 2) decoded into the items of their topic. */
import { timeNowToMicros } from '../lib/intstr';
import type { PrivateTopic, TopicEntity } from './protocol';
import { validateEntities, validateEntity, ValidationError } from './validate';

const LIST_TOPICS: ReadonlySet<PrivateTopic> = new Set([
  'wallet',
  'copytrade.order',
  'copytrade.position',
]);

/** Items of a snapshot `result`: `{list:[…]}` for keyed topics, the object itself (or null) otherwise. */
export function decodeSnapshotResult<T extends PrivateTopic>(
  topic: T,
  result: unknown,
): TopicEntity[T][] {
  if (LIST_TOPICS.has(topic)) {
    if (typeof result !== 'object' || result === null || Array.isArray(result)) {
      throw new ValidationError('result', 'object with a list');
    }
    return validateEntities(topic, (result as { list?: unknown }).list, 'result.list');
  }
  if (result === null) return [];
  return [validateEntity(topic, result, 'result')];
}

export type SnapshotBody<T extends PrivateTopic> =
  | { ok: true; items: TopicEntity[T][]; atMicros: string | undefined }
  | { ok: false; reason: string };

/** Decodes a raw snapshot response body (web-app envelope); never throws. */
export function decodeSnapshotBody<T extends PrivateTopic>(
  topic: T,
  body: string,
): SnapshotBody<T> {
  let env: unknown;
  try {
    env = JSON.parse(body);
  } catch {
    return { ok: false, reason: 'body is not valid JSON' };
  }
  if (typeof env !== 'object' || env === null || Array.isArray(env)) {
    return { ok: false, reason: 'body is not a JSON object' };
  }
  const {
    ret_code: code,
    ret_msg: msg,
    result,
    time_now: timeNow,
  } = env as Record<string, unknown>;
  if (code !== 0) {
    return { ok: false, reason: `ret_code ${JSON.stringify(code)}: ${String(msg ?? '')}` };
  }
  try {
    return {
      ok: true,
      items: decodeSnapshotResult(topic, result),
      atMicros: timeNowToMicros(timeNow),
    };
  } catch (err) {
    if (err instanceof ValidationError) return { ok: false, reason: err.message };
    throw err;
  }
}
