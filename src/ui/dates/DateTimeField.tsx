/**
 * Mantine's `DateTimePicker` in the page language, named for assistive technology and readable
 * (accessibility review M1). Mantine's own picker is English whatever the page says (month and
 * weekday names come from dayjs, which knows English only until a locale is loaded; its labels
 * are the English theme defaults of src/ui/component-labels.ts), its ✓ button and its dropdown
 * dialog have no accessible name, and its out-of-month days are under 4.5:1. Here:
 *
 * - the calendar speaks `currentLangAtom`'s language: its dayjs locale (loaded on demand,
 *   `useDayjsLocale`) for weekday and month names, `Intl` for the month heading and each day's
 *   name (word order and era as the language writes them: 2026年11月, not 十一月 2026), always in
 *   the Gregorian calendar with Latin digits, as every other date of the app;
 * - every label comes from i18next: previous/next month, year and decade, the hours and minutes
 *   fields, the ✓ button, the clear button; the dropdown dialog is named by the field's label;
 * - the month heading, a button that opens the month list, is named by its visible text and
 *   what it does ("November 2026, choose a month"): Mantine's aria-label "Choose a month" hid the
 *   visible month (WCAG 2.5.3, label in name);
 * - in a right-to-left page the arrow keys move through the days as they are drawn (Mantine moves
 *   to the next day on ArrowRight, which in a mirrored calendar is the day to the left);
 * - focus goes back to the field when the ✓ button closes the dropdown (it fell to the page), and
 *   to the new list when the calendar changes level (the month heading pressed, a month chosen:
 *   Mantine draws the new level with new elements, and focus fell to the page, where Escape no
 *   longer closed the dropdown);
 * - the field, a button, is named by its label and its value (only the label was said), and the
 *   value is written left to right even in a right-to-left page.
 */
import { useDirection, VisuallyHidden } from '@mantine/core';
import { DatesProvider, DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
// Only screens with a date picker load its styles (they come with their chunk, not the first page).
import '@mantine/dates/styles.css';
import dayjs from 'dayjs';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLangAtom } from '../../facade';
import { DATES_SETTINGS } from '../component-labels';
import classes from './dates.module.css';
import { useDayjsLocale } from './dayjs-locale';

/** The field's value as it is written in it (a fixed numeric form, the same in every language). */
export const DATE_TIME_FIELD_FORMAT = 'YYYY-MM-DD HH:mm';

/** Left-to-right isolate around a figure, so a right-to-left line keeps its parts in order. */
const ltr = (text: string) => `\u2066${text}\u2069`;

/**
 * Dates in a page language: the Gregorian calendar and Latin digits in every one (th-TH would
 * count Buddhist years, ar-SA Hijri months in Arabic-Indic digits). The development pseudo-locale
 * is no BCP 47 language Intl knows: it gets Intl's default, English here.
 */
function intlFormat(lng: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const all = { ...options, calendar: 'gregory', numberingSystem: 'latn' } as const;
  try {
    return new Intl.DateTimeFormat(lng, all);
  } catch {
    return new Intl.DateTimeFormat('en', all);
  }
}

/** Mantine's date strings (`YYYY-MM-DD`, `YYYY-MM-DD HH:mm:ss`) as local dates. */
const dateOf = (value: string) => dayjs(value).toDate();

/**
 * A right-to-left calendar: ArrowLeft and ArrowRight move to the day (or month, or year) drawn on
 * that side, the next one on the left. Handled in the capture phase, before Mantine's own handler
 * on the day (which would move the other way), and only there; elsewhere the keys go on as usual.
 */
function mirrorArrows(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
  const target = event.target as HTMLElement;
  const table = target.closest('table');
  if (!(target instanceof HTMLButtonElement) || !table?.closest('[data-dates-dropdown]')) return;
  // Mantine's order of the controls, and the ones it skips: unavailable, hidden, of another month.
  const controls = [...table.querySelectorAll('button')].filter(
    (b) => !b.disabled && !b.hasAttribute('data-outside') && !b.hasAttribute('data-hidden'),
  );
  const at = controls.indexOf(target);
  if (at === -1) return;
  event.preventDefault();
  event.stopPropagation();
  controls[at + (event.key === 'ArrowLeft' ? 1 : -1)]?.focus();
}

export type DateTimeFieldProps = Omit<DateTimePickerProps, 'valueFormat' | 'label'> & {
  /** The field's visible label; it names the dropdown dialog too. */
  label: string;
  /** The clear button's name ("Clear start time"): an icon with no text of its own. */
  clearLabel: string;
};

/** A date and time field (`DATE_TIME_FIELD_FORMAT`), in the page language; see above. */
export function DateTimeField({ label, clearLabel, ...props }: DateTimeFieldProps) {
  const { t } = useTranslation('user-assets');
  const lng = useAtomValue(currentLangAtom);
  const locale = useDayjsLocale(lng);
  const { dir } = useDirection();
  const id = useId();
  const labelId = `${id}-label`;

  const settings = useMemo(() => ({ ...DATES_SETTINGS, locale }), [locale]);
  const month = useMemo(() => intlFormat(lng, { year: 'numeric', month: 'long' }), [lng]);
  const day = useMemo(() => intlFormat(lng, { dateStyle: 'full' }), [lng]);

  // The calendar changed level (days, months, years): once the new level is drawn, focus goes to
  // its control in the tab order (the chosen or current day, month or year), if it fell out. Not
  // to a day of the month before: Mantine puts the tab stop of a month with neither on the
  // grid's first day, which may be one; then the month's first day.
  const [levelChanges, setLevelChanges] = useState(0);
  useEffect(() => {
    if (levelChanges === 0) return;
    const dropdown = document.querySelector<HTMLElement>(
      `[data-dates-dropdown][aria-labelledby="${labelId}"]`,
    );
    if (!dropdown || dropdown.contains(document.activeElement)) return;
    const inLevel = 'table button:not([data-outside]):not(:disabled)';
    (
      dropdown.querySelector<HTMLElement>(`${inLevel}[tabindex="0"]`) ??
      dropdown.querySelector<HTMLElement>(inLevel)
    )?.focus();
  }, [levelChanges, labelId]);

  return (
    <DatesProvider settings={settings}>
      {/* Not a box: the picker stays the item of its row. React hands it the dropdown's keys
          although the dropdown is portalled elsewhere in the document. */}
      <div
        style={{ display: 'contents' }}
        onKeyDownCapture={dir === 'rtl' ? mirrorArrows : undefined}
      >
        <DateTimePicker
          {...props}
          id={id}
          label={label}
          labelProps={{ id: labelId }}
          // The field is a button named by its label: with a value, the value too ("Start time
          // 2026-11-28 14:30"), which a screen reader did not say. Without one its text is the
          // placeholder, the label's words again.
          aria-labelledby={props.value ? `${labelId} ${id}` : undefined}
          valueFormat={(value) => ltr(dayjs(value).format(DATE_TIME_FIELD_FORMAT))}
          ariaLabels={{
            previousMonth: t('dates.previousMonth'),
            nextMonth: t('dates.nextMonth'),
            previousYear: t('dates.previousYear'),
            nextYear: t('dates.nextYear'),
            previousDecade: t('dates.previousDecade'),
            nextDecade: t('dates.nextDecade'),
            // Named by its text instead (below).
            monthLevelControl: undefined,
            yearLevelControl: undefined,
          }}
          monthLabelFormat={(value) => {
            const text = month.format(dateOf(value));
            return (
              <>
                <span aria-hidden="true">{text}</span>
                <VisuallyHidden>{t('dates.monthLevel', { month: text })}</VisuallyHidden>
              </>
            );
          }}
          yearLabelFormat={(value) => {
            const text = String(dayjs(value).year());
            return (
              <>
                <span aria-hidden="true">{text}</span>
                <VisuallyHidden>{t('dates.yearLevel', { year: text })}</VisuallyHidden>
              </>
            );
          }}
          getDayAriaLabel={(value) => day.format(dateOf(value))}
          onLevelChange={() => setLevelChanges((n) => n + 1)}
          timePickerProps={{
            hoursInputLabel: t('dates.hours'),
            minutesInputLabel: t('dates.minutes'),
          }}
          submitButtonProps={{ 'aria-label': t('dates.confirm') }}
          clearButtonProps={{ 'aria-label': clearLabel }}
          popoverProps={{
            // The ✓ button closes the dropdown with focus in it: back to the field, not the page.
            returnFocus: true,
            // Mantine points the dialog at an id no element has (the field takes its own id).
            attributes: { dropdown: { 'aria-labelledby': labelId } },
          }}
          classNames={{
            day: classes.day,
            monthsListControl: classes.control,
            yearsListControl: classes.control,
          }}
        />
      </div>
    </DatesProvider>
  );
}
