import { useAtomValue, useStore } from 'jotai';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  currentLangAtom,
  showAssetsAtom,
  startMoneyWatch,
  useScreenApi,
  type MoneyEvent,
} from '../../../facade';
import { exactDecimals, formatAmount } from '../../amount/format-amount';
import { notify } from '../../notifications';
import { moneyMovedAtom, useMoneyMoved, withdrawalsFollowedAtom } from './events';
import { accountLabel } from './labels';

const TONE = {
  depositDetected: 'info',
  depositCredited: 'success',
  depositFailed: 'error',
  withdrawDone: 'success',
  withdrawFailed: 'error',
} as const;

/**
 * Tells the signed-in user, on whatever page, when a deposit is seen on its chain or credited and
 * when a withdrawal is sent or fails (`startMoneyWatch`, docs/assets.md): a notification card
 * each, the amount written exactly (masked while amounts are hidden). A change it sees also
 * re-reads the records lists and the balances. A withdrawal's end that an open withdraw dialog
 * shows gets no card (`withdrawalsFollowedAtom`). Mounted once per signed-in user by the page frame;
 * money moved in this tab makes it look at once. Renders nothing.
 */
export function MoneyArrivals() {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const store = useStore();
  const moneyMoved = useMoneyMoved();
  const moved = useAtomValue(moneyMovedAtom);
  // An effect event: the language, the mask and the callbacks of when the card is made.
  // The money-moved count last looked at (the effect at the end).
  const looked = useRef(moved);
  // Withdrawals' outcomes waiting while a withdraw dialog follows them (see `tell`).
  const waiting = useRef(new Map<string, MoneyEvent>());
  const card = useEffectEvent((e: MoneyEvent) => {
    const r = e.record;
    const amount = formatAmount('decimal', r.amount, {
      coin: r.coin,
      decimals: exactDecimals(r.coin, r.amount),
      language: store.get(currentLangAtom),
      masked: !store.get(showAssetsAtom),
    });
    const values = {
      amount,
      coin: r.coin,
      chain: r.chain,
      ...('toAccountType' in r
        ? {
            account: accountLabel(t, r.toAccountType),
            confirmations: r.confirmations,
            required: r.requiredConfirmations,
          }
        : {}),
    };
    notify({
      title: t(`money.arrivals.${e.kind}Title`),
      message: t(`money.arrivals.${e.kind}`, values),
      tone: TONE[e.kind],
    });
  });
  const tell = useEffectEvent((e: MoneyEvent) => {
    if (e.kind !== 'depositDetected') {
      moneyMoved();
      // Moved by what the watch saw, not in this tab: no second read for it (the effect below).
      looked.current = store.get(moneyMovedAtom);
    }
    // A withdraw dialog that showed this one's end said it; one still following it will.
    const follow = e.kind.startsWith('withdraw')
      ? store.get(withdrawalsFollowedAtom).get(e.record.id)
      : undefined;
    if (follow === 'told') return;
    if (follow === 'following') waiting.current.set(e.record.id, e);
    else card(e);
  });
  // A dialog closed before it showed the end: its card now. One that showed it: none.
  useEffect(() => {
    const unsubscribe = store.sub(withdrawalsFollowedAtom, () => {
      const followed = store.get(withdrawalsFollowedAtom);
      for (const [id, e] of waiting.current) {
        const follow = followed.get(id);
        if (follow === 'following') continue;
        waiting.current.delete(id);
        if (follow === undefined) card(e);
      }
    });
    return () => {
      unsubscribe();
      // Mounted per user: the next user's withdrawal ids say nothing of this one's.
      store.set(withdrawalsFollowedAtom, new Map());
    };
  }, [store]);
  const watch = useRef<ReturnType<typeof startMoneyWatch> | null>(null);
  useEffect(() => {
    const w = startMoneyWatch(
      {
        depositList: (q) => api.money.depositList(q),
        withdrawList: (q) => api.money.withdrawList(q),
      },
      (e) => tell(e),
    );
    watch.current = w;
    return () => {
      w.stop();
      watch.current = null;
    };
  }, [api]);

  // Money moved here (a withdrawal made, say): look now, so that it is followed from its start.
  // (Against the count last looked at, not "not the first run": effects run twice in development.)
  useEffect(() => {
    if (looked.current === moved) return;
    looked.current = moved;
    watch.current?.check();
  }, [moved]);
  return null;
}
