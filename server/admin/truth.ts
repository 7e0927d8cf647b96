/**
 * The server's truth for one user in the state-dump shape of PROTOCOL.md section 7: what a client
 * that applied the REST snapshots and every delta must hold. Quotes are every symbol's ticker.
 */
import type { StateDump } from '../../src/state/dump';
import type { PrivateTopic, TopicEntity } from '../../src/wire/protocol';
import type { Ledger } from '../engine/ledger';
import type { Sim } from '../sim';

export function truthOf(sim: Sim, userId: number): StateDump {
  const l = sim.engine.ledger(userId);
  const quotes = Object.fromEntries(sim.market.symbols().map((s) => [s, sim.market.ticker(s)]));
  return {
    wallets: Object.fromEntries(l.walletList().map((w) => [w.coin, w])),
    risk: l.risk,
    quotes,
    copytrade: {
      account: l.account,
      orders: Object.fromEntries(l.keptOrders().map((o) => [o.orderId, o])),
      positions: l.positionList(),
      leaderWallet: l.leaderWallet,
      leaderIncome: l.leaderIncome,
    },
    stats: { framesApplied: sim.hub.framesByUser.get(userId) ?? 0, framesRejected: 0, resyncs: 0 },
  };
}

/** A topic's whole state as the items of a snapshot frame. */
export function snapshotItems<T extends PrivateTopic>(l: Ledger, topic: T): TopicEntity[T][] {
  const single = <E>(v: E | null): E[] => (v === null ? [] : [v]);
  const items: Record<PrivateTopic, unknown[]> = {
    wallet: l.walletList(),
    risk: single(l.risk),
    'copytrade.account': single(l.account),
    'copytrade.order': l.keptOrders(),
    'copytrade.position': l.positionList(),
    'copytrade.leaderWallet': single(l.leaderWallet),
    'copytrade.leaderIncome': single(l.leaderIncome),
  };
  return items[topic] as TopicEntity[T][];
}
