/**
 * The naive baseline of the browser benchmark (issue 13): what a first version of the follower
 * screen would be. A plain React table of every position and every order, React state updated
 * once per websocket message (a fresh array or object each time), no batching beyond React's
 * own, no virtualization, no memoisation. Its connection is test/bench/browser/feed.ts (the floor
 * page's too). Built by scripts/bench-browser.ts into `<app>/naive/`, served by
 * the same server on the same origin, fed the same frames.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { KEPT, closed, keyOf, older, startFeed, type Order, type Position } from '../feed';

type Quotes = Record<string, string | undefined>;

function App() {
  const [positions, setPositions] = useState<Position[]>([]);
  const [orders, setOrders] = useState<Order[]>([]);
  const [quotes, setQuotes] = useState<Quotes>({});
  const [status, setStatus] = useState('signing in');

  useEffect(
    () =>
      startFeed({
        status: setStatus,
        seed(pos, ord) {
          setPositions(pos);
          setOrders(ord);
        },
        position(item) {
          setPositions((list) => {
            const i = list.findIndex((p) => keyOf(p) === keyOf(item));
            const gone = closed(item);
            if (i < 0) return gone ? list : [item, ...list];
            if (older(item.updatedAtE3, (list[i] as Position).updatedAtE3)) return list;
            if (gone) return list.filter((_, j) => j !== i);
            return list.map((p, j) => (j === i ? { ...p, ...item } : p));
          });
        },
        order(item) {
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
        },
        ticker(symbol, markPrice) {
          setQuotes((q) => ({ ...q, [symbol]: markPrice }));
        },
      }),
    [],
  );

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
