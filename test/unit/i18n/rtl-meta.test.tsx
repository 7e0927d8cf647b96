import { afterEach, describe, expect, it } from 'vitest';
import { hostRtlLanguages, isRtl, RTL_META_NAME } from '@src/i18n/languages';

function setMeta(content: string) {
  const m = document.createElement('meta');
  m.name = RTL_META_NAME;
  m.content = content;
  document.head.appendChild(m);
}

afterEach(() =>
  document.head.querySelectorAll(`meta[name="${RTL_META_NAME}"]`).forEach((m) => m.remove()),
);

describe('host page RTL list (<meta name="rtl-languages">)', () => {
  it('reads a comma or space separated list, normalised', () => {
    setMeta('he-IL, fa_IR  ur-PK');
    expect(hostRtlLanguages()).toEqual(['he-il', 'fa-ir', 'ur-pk']);
    expect(isRtl('fa-IR')).toBe(true);
    expect(isRtl('de-DE')).toBe(false);
  });

  it('is empty without the tag or with an empty one', () => {
    expect(hostRtlLanguages()).toEqual([]);
    setMeta('');
    expect(hostRtlLanguages()).toEqual([]);
    expect(isRtl('ar-SA')).toBe(true);
  });

  it('can make a supported language right to left', () => {
    setMeta('tr-TR');
    expect(isRtl('tr-TR')).toBe(true);
  });
});
