/**
 * What opens the shell's prompt dialogs for a signed-in user, one at a time, each at most once
 * where that makes sense (the storage keys are in src/config/prompts.ts):
 *
 * 1. warning: the default risk intercept (POST /user/public/risk/default-intercept) says so;
 *    once per browser session.
 * 2. globalPopup: a banner of the 'global_popup' placement (POST /v3/config/banner); each banner
 *    once per user.
 * 3. vipWelcome: the user's tags include `vip_welcome`; once per user.
 * 4. upgradeUnified: the overview says `unified.upgradeEligible`; offered once per browser
 *    session (the unified screen has its own button for it).
 *
 * A prompt never replaces a dialog the user opened: the next one waits until none is open.
 */
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GLOBAL_POPUP_PLACEMENT,
  dataOf,
  globalPopupSeenKey,
  isSignedInAtom,
  memberInfoAtom,
  profileUserTagAtom,
  riskWarningSeenKey,
  upgradeOfferSeenKey,
  useScreenApi,
  userAtom,
  vipWelcomeSeenKey,
} from '../../facade';
import { createStore as storageOver, safeLocalStorage } from '../../lib/storage';
import { dialogAtom, useDialogs, type OpenDialogState } from './dialog-state';

const VIP_WELCOME_TAG = 'vip_welcome';

const local = storageOver(safeLocalStorage);
const session = storageOver(() => {
  try {
    return (globalThis as { sessionStorage?: Storage }).sessionStorage ?? null;
  } catch {
    return null;
  }
});

interface Prompt {
  /** Lower first. */
  order: number;
  dialog: OpenDialogState;
  /** Remembers that it was shown. */
  seen: () => void;
}

/**
 * A banner's link as the popup may open it: a path of this site or an https address; anything
 * else (javascript:, data:, a protocol-relative //host) is dropped, whatever the config says.
 */
export function safeLink(link: string): string | undefined {
  return /^\/(?![/\\])/.test(link) || /^https:\/\/[^\s]+$/i.test(link) ? link : undefined;
}

export function ShellPrompts() {
  const signedIn = useAtomValue(isSignedInAtom);
  return signedIn ? <PromptQueue /> : null;
}

function PromptQueue() {
  const { t } = useTranslation('user-assets');
  const api = useScreenApi();
  const { userId } = useAtomValue(userAtom);
  const tags = dataOf(useAtomValue(profileUserTagAtom));
  const member = dataOf(useAtomValue(memberInfoAtom));
  const open = useAtomValue(dialogAtom);
  const { openDialog } = useDialogs();
  const [queue, setQueue] = useState<Prompt[]>([]);
  const asked = useRef(new Set<string>());

  // Each source is asked once per signed-in user; what it calls for joins the queue in order.
  useEffect(() => {
    let alive = true;
    const add = (p: Prompt) => {
      if (alive) setQueue((q) => [...q, p]);
    };
    const once = (name: string) => {
      const key = `${userId}:${name}`;
      if (asked.current.has(key)) return false;
      asked.current.add(key);
      return true;
    };

    if (once('risk') && session.get(riskWarningSeenKey(userId)) === null) {
      api.money.defaultRiskIntercept().then(
        (r) => {
          if (!r.intercept) return;
          add({
            order: 1,
            dialog: {
              name: 'warning',
              props: {
                title: t('money.prompts.riskTitle'),
                message: t(`money.prompts.risk.${r.riskType}`, { defaultValue: r.message }),
                confirmLabel: t('money.prompts.acknowledge'),
              },
            },
            seen: () => session.set(riskWarningSeenKey(userId), '1'),
          });
        },
        () => undefined,
      );
    }

    if (once('popup')) {
      api.money.bannerConfig({ placement: GLOBAL_POPUP_PLACEMENT }).then(
        (r) => {
          const seen = local.getJSON<{ ids: string[] }>(globalPopupSeenKey(userId))?.ids ?? [];
          const banner = r.list.find(
            (b) => b.placement === GLOBAL_POPUP_PLACEMENT && !seen.includes(b.id),
          );
          if (!banner) return;
          add({
            order: 2,
            dialog: {
              name: 'globalPopup',
              props: { message: banner.title, link: safeLink(banner.link) },
            },
            seen: () =>
              local.setJSON(globalPopupSeenKey(userId), { ids: [...seen, banner.id].slice(-50) }),
          });
        },
        () => undefined,
      );
    }

    return () => {
      alive = false;
    };
  }, [api, userId, t]);

  // The VIP welcome, once the user's tags are known.
  useEffect(() => {
    if (!tags?.tags.includes(VIP_WELCOME_TAG)) return;
    const key = `${userId}:vip`;
    if (asked.current.has(key) || local.get(vipWelcomeSeenKey(userId)) !== null) return;
    asked.current.add(key);
    setQueue((q) => [
      ...q,
      {
        order: 3,
        dialog: { name: 'vipWelcome', props: {} },
        seen: () => local.set(vipWelcomeSeenKey(userId), '1'),
      },
    ]);
  }, [tags, userId]);

  // The unified upgrade offer, for an eligible user who is not unified yet.
  useEffect(() => {
    if (!member || member.isUnifiedAccount) return;
    const key = `${userId}:upgrade`;
    if (asked.current.has(key) || session.get(upgradeOfferSeenKey(userId)) !== null) return;
    asked.current.add(key);
    let alive = true;
    api.assetOverview().then(
      (ov) => {
        if (!alive || !ov.unified.upgradeEligible) return;
        setQueue((q) => [
          ...q,
          {
            order: 4,
            dialog: { name: 'upgradeUnified', props: {} },
            seen: () => session.set(upgradeOfferSeenKey(userId), '1'),
          },
        ]);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api, member, userId]);

  // One at a time, and only while no other dialog is open.
  const shown = useRef(new Set<Prompt>());
  useEffect(() => {
    if (open !== null) return;
    const next = [...queue].sort((a, b) => a.order - b.order).find((p) => !shown.current.has(p));
    if (!next) return;
    shown.current.add(next);
    next.seen();
    openDialog(next.dialog.name, next.dialog.props as never);
  }, [open, queue, openDialog]);

  return null;
}
