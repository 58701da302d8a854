import { useTranslation } from "react-i18next";
import { currentLocale } from "./i18n";

type DateInput = string | number | Date;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** Dates, times and numbers in the UI's locale (Intl); re-renders with the language. */
export function useFormat() {
  useTranslation();
  return formatters(currentLocale());
}

export function formatters(locale: string) {
  return {
    locale,
    dateTime: (value: DateInput) => toDate(value).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" }),
    dateTimeSeconds: (value: DateInput) => toDate(value).toLocaleString(locale, { dateStyle: "medium", timeStyle: "medium" }),
    time: (value: DateInput) => toDate(value).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" }),
    timeSeconds: (value: DateInput) => toDate(value).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" }),
    dayAndDate: (value: DateInput) => toDate(value).toLocaleDateString(locale, { weekday: "long", month: "short", day: "numeric" }),
    number: (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options).format(value),
  };
}

export type Formatters = ReturnType<typeof formatters>;
