import { Pagination } from '@mantine/core';
import { DatesProvider, TimePicker, useDatesContext } from '@mantine/dates';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_LABELS,
  DATE_PLACEHOLDERS,
  DATES_SETTINGS,
  PAGINATION_LABELS,
  TIME_PICKER_LABELS,
} from '../../../src/ui/component-labels';
import { renderWithProviders } from './test-utils';

function DatesLocale() {
  const ctx = useDatesContext();
  return <output aria-label="dates locale">{`${ctx.locale}/${ctx.firstDayOfWeek}`}</output>;
}

describe('English component labels', () => {
  it('are English and exported from one module', () => {
    expect(TIME_PICKER_LABELS.placeholder).toBe('Select time');
    expect(TIME_PICKER_LABELS.rangePlaceholder).toEqual(['Start time', 'End time']);
    expect(DATE_PLACEHOLDERS.date).toBe('Select date');
    expect(PAGINATION_LABELS.next).toBe('Next page');
    expect(PAGINATION_LABELS.page(3)).toBe('Page 3');
    expect(CALENDAR_LABELS.nextMonth).toBe('Next month');
    expect(DATES_SETTINGS.locale).toBe('en');
  });

  it('label pagination controls in English even on an Arabic page', async () => {
    await renderWithProviders(<Pagination total={5} withEdges />, { lng: 'ar-SA' });
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page', 'Page 2']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('give the time picker English field labels and the dates provider English settings', async () => {
    await renderWithProviders(
      <>
        <TimePicker label="Start" withSeconds />
        <DatesLocale />
      </>,
    );
    expect(screen.getByRole('spinbutton', { name: 'Hours' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: 'Seconds' })).toBeInTheDocument();
    expect(screen.getByLabelText('dates locale')).toHaveTextContent('en/1');
  });

  it('leave an explicit DatesProvider override possible', async () => {
    await renderWithProviders(
      <DatesProvider settings={{ locale: 'de' }}>
        <DatesLocale />
      </DatesProvider>,
    );
    expect(screen.getByLabelText('dates locale')).toHaveTextContent('de/1');
  });
});
