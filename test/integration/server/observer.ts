/**
 * A client that writes down what it saw as session events (PROTOCOL.md section 6), with `t` in
 * simulated ms: its state is then rebuilt by the project's own replay (decode + merge rules),
 * exactly as the dashboard and `npm run replay` do.
 */
import type { StateDump } from '@src/state/dump';
import { replayToDump } from '@src/pipeline/replay';
import type { SessionEvent } from '@src/wire/session-file';
import { SNAPSHOT_PATHS, type PrivateTopic } from '@src/wire/protocol';
import type { Simulator } from '@server/simulator';
import { HttpClient, WsClient } from './helpers';

export class Observer {
  readonly events: SessionEvent[] = [];
  readonly http: HttpClient;
  ws!: WsClient;
  userId = 0;
  private seen = 0;

  constructor(private readonly sim: Simulator) {
    this.http = new HttpClient(sim.url);
  }

  private t(): number {
    return this.sim.clock.now();
  }

  /** Signs in, connects, authenticates and subscribes to `topics`. */
  async connect(username: string, topics: readonly string[]): Promise<void> {
    if (this.userId === 0) this.userId = await this.http.login(username);
    this.ws = await WsClient.open(`${this.sim.wsUrl}/v5/private`);
    this.seen = 0;
    this.events.push({ t: this.t(), kind: 'open', stream: 'private' });
    const auth = await this.ws.op('auth', [await this.http.ott()]);
    if (auth.success !== true) throw new Error(`auth: ${JSON.stringify(auth)}`);
    const sub = await this.ws.op('subscribe', [...topics]);
    if (sub.success !== true) throw new Error(`subscribe: ${JSON.stringify(sub)}`);
    this.collect();
  }

  /** Moves frames that arrived into the event list, stamped with the current simulated time. */
  collect(): void {
    const t = this.t();
    for (; this.seen < this.ws.frames.length; this.seen++) {
      this.events.push({
        t,
        kind: 'recv',
        stream: 'private',
        frame: this.ws.frames[this.seen] as string,
      });
    }
  }

  /** Waits for every frame sent so far, then collects them. */
  async drain(): Promise<void> {
    await this.ws.sync();
    this.collect();
  }

  /** Starts a snapshot request; the returned promise records the `rest` event when it lands. */
  seed(topic: PrivateTopic): Promise<void> {
    const sent = this.t();
    const path = SNAPSHOT_PATHS[topic];
    return this.http.get(path).then((r) => {
      this.collect();
      this.events.push({
        t: this.t(),
        kind: 'rest',
        sent,
        method: 'GET',
        path,
        status: r.status,
        body: r.text,
      });
    });
  }

  async seedAll(topics: readonly PrivateTopic[]): Promise<void> {
    await Promise.all(topics.map((t) => this.seed(t)));
  }

  dump(): StateDump {
    return replayToDump(this.events);
  }
}

/** The parts of a dump a private client can know (quotes come from the public stream). */
export function privatePart(d: StateDump) {
  return { wallets: d.wallets, risk: d.risk, copytrade: d.copytrade };
}
