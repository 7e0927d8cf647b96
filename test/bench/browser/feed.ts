/**
 * The browser benchmark's reference pages' connection (issue 13): the naive baseline
 * (test/bench/browser/naive) and the floor page (test/bench/browser/floor) get the same frames the
 * same way. It signs in, seeds positions and orders from REST, authenticates the private stream
 * with a one-time token, subscribes to the same private topics as the dashboard and to the tickers
 * of the held symbols that are instruments (the dashboard's rule), and pings both streams. Each
 * message is parsed once (JSON.parse) and handed to the page item by item, in the message's task:
 * what the page does with it (a React state update, a write into a buffer) is the page's.
 */
export interface Position {
  symbol: string;
  positionIdx: number;
  userId: number;
  side?: string;
  size?: string;
  entryPrice?: string;
  markPrice?: string;
  leverage?: string;
  liqPrice?: string;
  unrealisedPnlE8?: string;
  updatedAtE3: string;
}

export interface Order {
  orderId: string;
  symbol?: string;
  side?: string;
  price?: string;
  qty?: string;
  cumExecQty?: string;
  copyTradeOrderStatus?: string;
  updatedAtE3: string;
}

/** The order statuses the dashboard keeps in its table (the others leave it). */
export const KEPT = new Set(['OpenOrderPartiallyFilled', 'OpenOrderFilled', 'OpenOrderClosing']);
const TOPICS = ['wallet', 'risk', 'copytrade.account', 'copytrade.order', 'copytrade.position'];

export const keyOf = (p: Position) => `${p.symbol}/${p.positionIdx}/${p.userId}`;
/** True when update time `a` is before `b` (E3 strings). */
export const older = (a: string, b: string) => BigInt(a) < BigInt(b);
/** A position with no entry price, or one of 0 or less, is closed. */
export const closed = (p: Position) => !p.entryPrice || Number(p.entryPrice) <= 0;

export interface FeedHandlers {
  status(text: string): void;
  /** The REST snapshots, before either socket opens (orders: the kept ones only). */
  seed(positions: Position[], orders: Order[]): void;
  position(item: Position): void;
  order(item: Order): void;
  ticker(symbol: string, markPrice: string): void;
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/api${path}`, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { ret_code?: number; retCode?: number; result: T };
  if ((json.ret_code ?? json.retCode ?? 0) !== 0)
    throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.result;
}

function socket(
  path: string,
  onOpen: (ws: WebSocket) => void,
  onFrame: (f: Record<string, unknown>) => void,
) {
  const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws${path}`);
  let req = 0;
  const ping = setInterval(
    () => ws.send(JSON.stringify({ req_id: `p${++req}`, op: 'ping' })),
    15_000,
  );
  ws.addEventListener('open', () => onOpen(ws));
  ws.addEventListener('close', () => clearInterval(ping));
  ws.addEventListener('message', (e) =>
    onFrame(JSON.parse(e.data as string) as Record<string, unknown>),
  );
  return ws;
}

/** Starts the feed (user and password from the page's query, else the follower); returns a stop. */
export function startFeed(h: FeedHandlers): () => void {
  const params = new URLSearchParams(location.search);
  const user = params.get('user') ?? 'follower';
  const password = params.get('password') ?? 'follower123';
  let pub: WebSocket | undefined;
  let priv: WebSocket | undefined;
  const subscribed = new Set<string>();
  let instruments = new Set<string>();
  const want = (symbols: Iterable<string | undefined>) => {
    const add = [...new Set(symbols)].filter(
      (s): s is string => !!s && instruments.has(s) && !subscribed.has(s),
    );
    if (!add.length || !pub || pub.readyState !== WebSocket.OPEN) return;
    for (const s of add) subscribed.add(s);
    for (let i = 0; i < add.length; i += 10) {
      const args = add.slice(i, i + 10).map((s) => `tickers.${s}`);
      pub.send(JSON.stringify({ req_id: `s${i}`, op: 'subscribe', args }));
    }
  };
  const onPrivate = (f: Record<string, unknown>) => {
    const data = f.data as unknown[] | undefined;
    if (f.topic === 'copytrade.position' && Array.isArray(data)) {
      for (const item of data as Position[]) {
        h.position(item);
        want([item.symbol]);
      }
    } else if (f.topic === 'copytrade.order' && Array.isArray(data)) {
      for (const item of data as Order[]) {
        h.order(item);
        want([item.symbol]);
      }
    }
  };
  const onPublic = (f: Record<string, unknown>) => {
    const d = f.data as { symbol?: string; markPrice?: string } | undefined;
    if (typeof f.topic === 'string' && f.topic.startsWith('tickers.') && d?.symbol && d.markPrice)
      h.ticker(d.symbol, d.markPrice);
  };
  (async () => {
    await call('POST', '/login', { username: user, password });
    h.status('loading');
    const inst = await call<{ list: { symbol: string }[] }>(
      'GET',
      '/v5/market/instruments-info?category=linear',
    );
    instruments = new Set(inst.list.map((i) => i.symbol));
    const [pos, ord] = await Promise.all([
      call<{ list: Position[] }>('GET', '/v3/private/copytrade/positions'),
      call<{ list: Order[] }>('GET', '/v3/private/copytrade/orders'),
    ]);
    h.seed(
      pos.list,
      ord.list.filter((o) => KEPT.has(o.copyTradeOrderStatus ?? '')),
    );
    pub = socket(
      '/v5/public/linear',
      () => want([...pos.list.map((p) => p.symbol), ...ord.list.map((o) => o.symbol)]),
      onPublic,
    );
    const { token } = await call<{ token: string }>('POST', '/user/private/ott', {});
    priv = socket(
      '/v5/private',
      (ws) => ws.send(JSON.stringify({ req_id: '1', op: 'auth', args: [token] })),
      (f) => {
        if (f.op === 'auth' && f.success === true) {
          priv?.send(JSON.stringify({ req_id: '2', op: 'subscribe', args: TOPICS }));
          h.status('live');
        }
        onPrivate(f);
      },
    );
  })().catch((err: unknown) => h.status(`failed: ${String(err)}`));
  return () => {
    pub?.close();
    priv?.close();
  };
}
