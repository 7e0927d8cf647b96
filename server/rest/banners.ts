/**
 * The banners `POST /v3/config/banner` serves: the standing ones of the assets screens, and the
 * announcements an operator puts up through the admin endpoint (docs/simulator.md). One with the
 * 'global_popup' placement is what the dashboard's shell shows once per user as a popup.
 * Bounded: an operator (or a script gone wrong) cannot grow the list past MAX_BANNERS.
 */
import type { Banner, BannerConfig } from '../../src/api/types';

export const MAX_BANNERS = 20;

const STANDING: readonly Banner[] = [
  {
    id: 'b-copytrade-2024',
    title: 'Copy the best traders',
    link: '/copytrade',
    placement: 'assets-top',
  },
  { id: 'b-earn-usdt', title: 'Earn up to 8 % on USDT', link: '/earn', placement: 'assets-top' },
  { id: 'b-card', title: 'Spend crypto with the card', link: '/card', placement: 'assets-side' },
];

export class Banners {
  private readonly list: Banner[] = [...STANDING];

  /** The banners of one placement, or all of them, in the order they were put up. */
  of(placement?: string): BannerConfig {
    return {
      list:
        placement === undefined
          ? [...this.list]
          : this.list.filter((b) => b.placement === placement),
    };
  }

  /** Puts `b` up, replacing the banner of the same id; false when the list is full. */
  put(b: Banner): boolean {
    const i = this.list.findIndex((x) => x.id === b.id);
    if (i >= 0) this.list[i] = { ...b };
    else if (this.list.length >= MAX_BANNERS) return false;
    else this.list.push({ ...b });
    return true;
  }

  /** Takes the banner of `id` down; false when there was none. */
  remove(id: string): boolean {
    const i = this.list.findIndex((x) => x.id === id);
    if (i < 0) return false;
    this.list.splice(i, 1);
    return true;
  }
}
