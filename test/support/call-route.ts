/**
 * A row of the call table called by its method and path, for the rows the app never sends
 * (`NOT_SENT` in src/api/endpoints.ts): the simulator and the replay server still serve them,
 * and their tests reach them through this instead of an endpoint function.
 */
import { CALLS, type CallName } from '@src/api/calls';
import type { HttpClient } from '@src/api/http';

/** Sends call `name` at its table method and path; the result, or the client's rejection. */
export function callRoute(client: HttpClient, name: CallName, payload?: unknown): Promise<unknown> {
  const { method, path } = CALLS[name];
  return client.request(method, path, payload);
}
