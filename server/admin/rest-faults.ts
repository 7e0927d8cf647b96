/**
 * REST fault controls: for the next N requests to a path, answer an HTTP 5xx, never answer
 * (the request hangs until the client gives up or the simulator stops), or answer late.
 */
import type { Socket } from 'node:net';

type RestFaultMode = 'error' | 'hang' | 'delay';

export interface RestFaultRule {
  /** Path without the /api prefix and without the query string. */
  path: string;
  remaining: number;
  mode: RestFaultMode;
  /** HTTP status of an 'error' answer (500-599). */
  status: number;
  /** Wall ms of a 'delay' answer (the manual clock's ms on a manual clock, like every fault). */
  delayMs: number;
}

export class RestFaults {
  private rules: RestFaultRule[] = [];
  private readonly hanging = new Set<Socket>();

  add(rule: RestFaultRule): void {
    this.rules.push(rule);
  }

  /** The rule that applies to this request, counting it (first matching rule first). */
  take(path: string): RestFaultRule | undefined {
    const i = this.rules.findIndex((r) => r.path === path);
    if (i < 0) return undefined;
    const rule = this.rules[i] as RestFaultRule;
    rule.remaining--;
    if (rule.remaining <= 0) this.rules.splice(i, 1);
    return rule;
  }

  list(): RestFaultRule[] {
    return this.rules.map((r) => ({ ...r }));
  }

  clear(): void {
    this.rules = [];
  }

  /** Keeps a hanging request's socket so that shutdown can cut it. */
  hang(socket: Socket): void {
    this.hanging.add(socket);
    socket.once('close', () => this.hanging.delete(socket));
  }

  /** Cuts every hanging request (shutdown, or the fault is cleared). */
  releaseAll(): void {
    for (const s of this.hanging) s.destroy();
    this.hanging.clear();
  }
}
