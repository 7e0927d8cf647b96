/**
 * Accessibility in Chromium (issue 18): axe-core on every screen the trader's navigation reaches (the
 * assets area's own included), light and dark, en and ar-SA, with the arrival prompts audited on
 * the way (support/a11y.ts). A file per demo user: the two test workers share the walks out.
 */
import { describeUserWalk } from './support/a11y';

describeUserWalk('trader');
