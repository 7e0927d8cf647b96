/**
 * dayjs's locales of the page languages other than English (which dayjs has built in): each file
 * registers itself with dayjs when imported. Imported only through `import('./dayjs-locales')`
 * (dayjs-locale.ts), so they are one lazy file of their own (about 5 KB gzip) that a page in
 * English never loads. One file rather than one per language: each is under the build's 4 KB
 * merge threshold (vite.config.ts), and the build merged them one by one into unrelated chunks
 * (the copy-trade screens', the recording control's), which then carried them for everyone.
 */
import 'dayjs/locale/ar-sa';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/id';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/ru';
import 'dayjs/locale/th';
import 'dayjs/locale/tr';
import 'dayjs/locale/vi';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-hk';
import 'dayjs/locale/zh-tw';
