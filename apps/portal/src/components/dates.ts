/**
 * Mantine's date inputs as the portal uses them, with the dayjs locales of the calendars (Dutch; British English for
 * a Monday-first week, spec 1 §9) registered first: the screens import their date inputs from here, so dayjs and its
 * locales load with the first screen that shows a date input, not with the shell (ADR 0071). The locale in force comes
 * from the providers' DatesProvider (app/providers.tsx).
 */
import 'dayjs/locale/en-gb';
import 'dayjs/locale/nl';

export { DateInput, DatePickerInput, DateTimePicker } from '@mantine/dates';
