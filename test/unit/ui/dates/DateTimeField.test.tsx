/**
 * The records' date-time picker in the page language, named and usable by keyboard (accessibility
 * review M1): month and weekday names from the language's dayjs locale, every label from
 * i18next, the ✓ button and the dropdown dialog named, and in right-to-left pages the arrow keys
 * moving through the days as they are drawn.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@src/i18n/languages';
import { DateTimeField } from '@src/ui/dates/DateTimeField';
import { DAYJS_BUILTIN, dayjsLocaleOf, loadDayjsLocale } from '@src/ui/dates/dayjs-locale';
import { renderWithProviders } from '../test-utils';

/** A field with a value the test sets: 10 November 2026, 14:30 (a Tuesday). */
function Field({ initial = '2026-11-10 14:30:00' }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <DateTimeField
      label="Start"
      clearLabel="Clear start"
      placeholder="Start"
      value={value}
      onChange={setValue}
      clearable
    />
  );
}

/** Opens the field's dropdown and waits for the calendar in the language's locale. */
async function open(month: RegExp) {
  await userEvent.click(screen.getByRole('button', { name: 'Start' }));
  const dialog = await screen.findByRole('dialog');
  // The heading is the month in the language (dayjs locale loaded, Intl formatted).
  await within(dialog).findByRole('button', { name: month });
  return dialog;
}

const weekdays = (dialog: HTMLElement) =>
  within(dialog)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);

describe('DateTimeField', () => {
  it('speaks German: month and weekday names, every label, the ✓ button and the dialog', async () => {
    await renderWithProviders(<Field />, { lng: 'de-DE' });
    const dialog = await open(/^November 2026, Monat wählen$/);
    // Named by the field's label (Mantine pointed it at an id no element had).
    expect(screen.getByRole('dialog', { name: 'Start' })).toBe(dialog);
    // dayjs's German, loaded when the field first rendered (English until then).
    await waitFor(() =>
      expect(weekdays(dialog)).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']),
    );
    expect(within(dialog).getByRole('button', { name: 'Vorheriger Monat' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Nächster Monat' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Dienstag, 10. November 2026' }),
    ).toHaveAttribute('data-selected');
    expect(within(dialog).getByRole('spinbutton', { name: 'Stunden' })).toHaveValue('14');
    expect(within(dialog).getByRole('spinbutton', { name: 'Minuten' })).toHaveValue('30');
    expect(
      within(dialog).getByRole('button', { name: 'Datum und Uhrzeit bestätigen' }),
    ).toBeInTheDocument();
    // The month list (the heading's button) in German too.
    await userEvent.click(within(dialog).getByRole('button', { name: /Monat wählen$/ }));
    expect(await within(dialog).findByRole('button', { name: '2026, Jahr wählen' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: /^Dez/ })).toBeInTheDocument();
  });

  it('speaks Arabic: month and weekday names, the labels, and the value left to right', async () => {
    await renderWithProviders(<Field />, { lng: 'ar-SA' });
    const field = screen.getByRole('button', { name: 'Start' });
    // The date before the time in a right-to-left line: written inside a left-to-right isolate.
    expect(field).toHaveTextContent('\u20662026-11-10 14:30\u2069');
    const dialog = await open(/^نوفمبر 2026، اختر شهرًا$/);
    // dayjs ar-sa: the weekdays' one-letter names, from Monday (the app's first day of the week).
    await waitFor(() => expect(weekdays(dialog)).toEqual(['ن', 'ث', 'ر', 'خ', 'ج', 'س', 'ح']));
    expect(within(dialog).getByRole('button', { name: 'الشهر السابق' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'تأكيد التاريخ والوقت' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('spinbutton', { name: 'الساعات' })).toBeInTheDocument();
    // Latin digits and the Gregorian calendar, as every date of the app.
    expect(within(dialog).getByRole('button', { name: /10 نوفمبر 2026/ })).toHaveAttribute(
      'data-selected',
    );
  });

  it('in a right-to-left page the arrow keys move to the day drawn on that side', async () => {
    await renderWithProviders(<Field />, { lng: 'ar-SA' });
    const dialog = await open(/^نوفمبر 2026/);
    const day = (d: number) =>
      within(dialog).getByRole('button', { name: new RegExp(`^\\S+ ${d} نوفمبر`) });
    act(() => day(10).focus());
    // Right is back (the 9th is drawn to the right of the 10th), left is forward.
    await userEvent.keyboard('{ArrowRight}');
    expect(day(9)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(day(11)).toHaveFocus();
    // Up and down are Mantine's: a week back and forth.
    await userEvent.keyboard('{ArrowDown}');
    expect(day(18)).toHaveFocus();
  });

  it('in a left-to-right page the arrow keys stay Mantine’s', async () => {
    await renderWithProviders(<Field />, { lng: 'en' });
    const dialog = await open(/^November 2026, choose a month$/);
    const day = (d: number) =>
      within(dialog).getByRole('button', { name: new RegExp(`, November ${d}, 2026$`) });
    act(() => day(10).focus());
    await userEvent.keyboard('{ArrowRight}');
    expect(day(11)).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(day(9)).toHaveFocus();
  });

  it('by keyboard: choose a day, type the time, confirm with ✓; focus goes back to the field', async () => {
    await renderWithProviders(<Field initial={null} />, { lng: 'en' });
    const field = screen.getByRole('button', { name: 'Start' });
    act(() => field.focus());
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Start' });
    // The 1st of the month shown (the 1st of the next month may be drawn too, as an outside day).
    const [first] = (
      await within(dialog).findAllByRole('button', { name: /, \w+ 1, \d{4}$/ })
    ).filter((b) => !b.hasAttribute('data-outside'));
    act(() => first!.focus());
    await userEvent.keyboard('{ArrowRight}{Enter}');
    // Mantine moves focus to the hours once a day is chosen.
    const hours = within(dialog).getByRole('spinbutton', { name: 'Hours' });
    await waitFor(() => expect(hours).toHaveFocus());
    await userEvent.keyboard('0915');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm date and time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field).toHaveTextContent(/\d{4}-\d\d-02 09:15/);
    await waitFor(() => expect(field).toHaveFocus());
    // named by its label and its value (Chromium: "Start 2026-…-02 09:15", the browser test;
    // Testing Library's name computation leaves the self-reference out: the references here)
    const label = screen.getByText('Start', { selector: 'label' });
    expect(field.getAttribute('aria-labelledby')?.split(' ')).toEqual([label.id, field.id]);
    // The clear button is named too.
    await userEvent.click(screen.getByRole('button', { name: 'Clear start' }));
    expect(field).toHaveTextContent('Start');
    // no value: the label alone (the placeholder says the same words)
    expect(field).not.toHaveAttribute('aria-labelledby');
  });

  it('by keyboard through the levels: the month heading, a month, back to the days; focus follows', async () => {
    await renderWithProviders(<Field />, { lng: 'en' });
    const dialog = await open(/^November 2026, choose a month$/);
    act(() =>
      within(dialog).getByRole('button', { name: 'November 2026, choose a month' }).focus(),
    );
    await userEvent.keyboard('{Enter}');
    // the year's months: focus on the chosen one (Mantine drew new elements and focus fell out)
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Nov' })).toHaveFocus());
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    // October's days: focus on its first (Mantine's tab stop there is September 28, drawn
    // before it)
    expect(
      await within(dialog).findByRole('button', { name: /^October 2026/ }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(dialog).getByRole('button', { name: 'Thursday, October 1, 2026' }),
      ).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on Escape without changing the value', async () => {
    await renderWithProviders(<Field />, { lng: 'en' });
    const dialog = await open(/^November 2026/);
    act(() =>
      within(dialog)
        .getByRole('button', { name: /November 12, 2026$/ })
        .focus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Start' })).toHaveTextContent('2026-11-10 14:30');
  });

  it('every page language has a dayjs locale that loads and registers its month names', async () => {
    for (const lng of LANGUAGES) {
      const name = await loadDayjsLocale(lng);
      expect(name).toBe(dayjsLocaleOf(lng));
      if (lng.startsWith('en')) expect(name).toBe(DAYJS_BUILTIN);
      else expect(dayjs('2026-03-10').locale(name).format('MMMM')).not.toBe('March');
    }
    // The pseudo-locale and anything unknown are English.
    expect(await loadDayjsLocale('pseudo')).toBe(DAYJS_BUILTIN);
  });
});
