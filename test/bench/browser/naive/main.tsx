/**
 * The naive baseline of the browser benchmark (issue 13): what a first version of the follower
 * screen would be. A plain React table of every position and every order, React state updated
 * once per websocket message (a fresh array or object each time), no batching beyond React's
 * own, no virtualization, no memoisation. It signs in, seeds positions and orders from REST,
 * authenticates the private stream with a one-time token, subscribes to the same private topics
 * as the dashboard and to the tickers of the held symbols that are instruments (the dashboard's
 * rule), and pings both streams. Built by scripts/bench-browser.ts into `<app>/naive/`, served by
 * the same server on the same origin, fed the same frames.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

interface Position {
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
interface Order {
  orderId: string;
  symbol?: string;
  side?: string;
  price?: string;
  qty?: string;
  cumExecQty?: string;
  copyTradeOrderStatus?: string;
  updatedAtE3: string;
}
type Quotes = Record<string, string | undefined>;

const KEPT = new Set(['OpenOrderPartiallyFilled', 'OpenOrderFilled', 'OpenOrderClosing']);
const TOPICS = ['wallet', 'risk', 'copytrade.account', 'copytrade.order', 'copytrade.position'];
const params = new URLSearchParams(location.search);
const USER = params.get('user') ?? 'follower';
const PASSWORD = params.get('password') ?? 'follower123';

const keyOf = (p: Position) => `${p.symbol}/${p.positionIdx}/${p.userId}`;
const older = (a: string, b: string) => BigInt(a) < BigInt(b);

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

function App() {
  const [positions, setPositions] = useState<Position[]>([]);
  const [orders, setOrders] = useState<Order[]>([]);
  const [quotes, setQuotes] = useState<Quotes>({});
  const [status, setStatus] = useState('signing in');

  useEffect(() => {
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
          setPositions((list) => {
            const i = list.findIndex((p) => keyOf(p) === keyOf(item));
            const gone = !item.entryPrice || Number(item.entryPrice) <= 0;
            if (i < 0) return gone ? list : [item, ...list];
            if (older(item.updatedAtE3, (list[i] as Position).updatedAtE3)) return list;
            if (gone) return list.filter((_, j) => j !== i);
            return list.map((p, j) => (j === i ? { ...p, ...item } : p));
          });
          want([item.symbol]);
        }
      } else if (f.topic === 'copytrade.order' && Array.isArray(data)) {
        for (const item of data as Order[]) {
          setOrders((list) => {
            const i = list.findIndex((o) => o.orderId === item.orderId);
            const merged = i < 0 ? item : { ...(list[i] as Order), ...item };
            if (i >= 0 && older(item.updatedAtE3, (list[i] as Order).updatedAtE3)) return list;
            const keep = KEPT.has(merged.copyTradeOrderStatus ?? '');
            if (i < 0) return keep ? [merged, ...list] : list;
            return keep
              ? list.map((o, j) => (j === i ? merged : o))
              : list.filter((_, j) => j !== i);
          });
          want([item.symbol]);
        }
      }
    };
    const onPublic = (f: Record<string, unknown>) => {
      const d = f.data as { symbol?: string; markPrice?: string } | undefined;
      if (
        typeof f.topic === 'string' &&
        f.topic.startsWith('tickers.') &&
        d?.symbol &&
        d.markPrice
      ) {
        const { symbol, markPrice } = d;
        setQuotes((q) => ({ ...q, [symbol]: markPrice }));
      }
    };
    (async () => {
      await call('POST', '/login', { username: USER, password: PASSWORD });
      setStatus('loading');
      const inst = await call<{ list: { symbol: string }[] }>(
        'GET',
        '/v5/market/instruments-info?category=linear',
      );
      instruments = new Set(inst.list.map((i) => i.symbol));
      const [pos, ord] = await Promise.all([
        call<{ list: Position[] }>('GET', '/v3/private/copytrade/positions'),
        call<{ list: Order[] }>('GET', '/v3/private/copytrade/orders'),
      ]);
      setPositions(pos.list);
      setOrders(ord.list.filter((o) => KEPT.has(o.copyTradeOrderStatus ?? '')));
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
            setStatus('live');
          }
          onPrivate(f);
        },
      );
    })().catch((err: unknown) => setStatus(`failed: ${String(err)}`));
    return () => {
      pub?.close();
      priv?.close();
    };
  }, []);

  return (
    <main>
      <p role="status">{status}</p>
      <table aria-label="positions">
        <thead>
          <tr>
            <th>Leader</th>
            <th>Symbol</th>
            <th>Side</th>
            <th>Size</th>
            <th>Entry</th>
            <th>Mark</th>
            <th>Liq.</th>
            <th>Leverage</th>
            <th>PnL (E8)</th>
          </tr>
        </thead>
        <tbody>
          {positions.map((p) => (
            <tr key={keyOf(p)}>
              <td>{p.userId}</td>
              <td>{p.symbol}</td>
              <td>{p.side}</td>
              <td>{p.size}</td>
              <td>{p.entryPrice}</td>
              <td>{quotes[p.symbol] ?? p.markPrice}</td>
              <td>{p.liqPrice}</td>
              <td>{p.leverage}</td>
              <td>{p.unrealisedPnlE8}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table aria-label="orders">
        <thead>
          <tr>
            <th>Order</th>
            <th>Symbol</th>
            <th>Side</th>
            <th>Price</th>
            <th>Qty</th>
            <th>Filled</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderId}>
              <td>{o.orderId}</td>
              <td>{o.symbol}</td>
              <td>{o.side}</td>
              <td>{o.price}</td>
              <td>{o.qty}</td>
              <td>{o.cumExecQty}</td>
              <td>{o.copyTradeOrderStatus}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<App />);
