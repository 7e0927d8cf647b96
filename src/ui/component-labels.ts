/**
 * English labels for Mantine's pagination, calendar and time controls, set once as component
 * defaults in the theme (SPEC 2 has them English, as the exchange's own pages do), and the date
 * settings for DatesProvider. The one date picker the app draws, the records' start and end time,
 * is `DateTimeField` (src/ui/dates), which overrides these with the page language's labels, month
 * and weekday names (accessibility review M1: a screen-reader user heard English in every
 * language); these remain the defaults of any other Mantine date control and of Pagination.
 * Components are keyed by name with plain defaultProps objects so the theme does not pull
 * @mantine/dates into the entry chunk.
 */
import type { DatesProviderSettings } from '@mantine/dates';

const PAGINATION_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
  page: (page: number) => `Page ${page}`,
} as const;

const CALENDAR_LABELS = {
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
} as const;

const DATE_PLACEHOLDERS = {
  date: 'Select date',
  range: ['Start date', 'End date'],
} as const;

const TIME_PICKER_LABELS = {
  placeholder: 'Select time',
  rangePlaceholder: ['Start time', 'End time'],
  hours: 'Hours',
  minutes: 'Minutes',
  seconds: 'Seconds',
  amPm: 'AM/PM',
} as const;

/** DatesProvider settings: weeks start on Monday; `locale` English (DateTimeField sets the page's). */
export const DATES_SETTINGS: DatesProviderSettings = {
  locale: 'en',
  firstDayOfWeek: 1,
  weekendDays: [0, 6],
};

const paginationControlLabel = (control: 'first' | 'previous' | 'next' | 'last') => ({
  'aria-label': PAGINATION_LABELS[control],
});

const calendarDefaults = { defaultProps: { ariaLabels: CALENDAR_LABELS } };
const pickerInputDefaults = {
  defaultProps: { ariaLabels: CALENDAR_LABELS, placeholder: DATE_PLACEHOLDERS.date },
};

/** Theme `components` entries carrying the labels above. */
export const COMPONENT_LABEL_DEFAULTS = {
  Pagination: {
    defaultProps: {
      getControlProps: paginationControlLabel,
      getItemProps: (page: number) => ({ 'aria-label': PAGINATION_LABELS.page(page) }),
    },
  },
  Calendar: calendarDefaults,
  DatePicker: calendarDefaults,
  MonthPicker: calendarDefaults,
  YearPicker: calendarDefaults,
  DatePickerInput: pickerInputDefaults,
  DateInput: pickerInputDefaults,
  MonthPickerInput: pickerInputDefaults,
  YearPickerInput: pickerInputDefaults,
  DateTimePicker: {
    defaultProps: {
      ariaLabels: CALENDAR_LABELS,
      placeholder: `${DATE_PLACEHOLDERS.date} / ${TIME_PICKER_LABELS.placeholder}`,
    },
  },
  TimeInput: { defaultProps: { placeholder: TIME_PICKER_LABELS.placeholder } },
  TimePicker: {
    defaultProps: {
      hoursInputLabel: TIME_PICKER_LABELS.hours,
      minutesInputLabel: TIME_PICKER_LABELS.minutes,
      secondsInputLabel: TIME_PICKER_LABELS.seconds,
      amPmInputLabel: TIME_PICKER_LABELS.amPm,
    },
  },
};
