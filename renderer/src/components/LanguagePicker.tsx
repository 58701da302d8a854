import { Card, Select, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { chooseLanguage } from "../i18n/i18n";
import { browserLanguage, LANGUAGES, storedLanguage, type Language } from "../i18n/languages";

const BROWSER = "browser";

/** Settings card: the UI's language, kept in this browser (localStorage); "the browser's language" forgets the choice. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<string>(storedLanguage() ?? BROWSER);
  const browserName = LANGUAGES.find((l) => l.code === browserLanguage())?.name ?? browserLanguage();
  const data = [{ value: BROWSER, label: t("settings.browserLanguage", { language: browserName }) }, ...LANGUAGES.map((l) => ({ value: l.code, label: l.name }))];
  const change = (value: string | null) => {
    if (!value) return;
    setChoice(value);
    void chooseLanguage(value === BROWSER ? null : (value as Language));
  };
  return (
    <Card withBorder component="section" aria-label={t("settings.language")}>
      <Title order={2} size="h4" mb="sm">{t("settings.language")}</Title>
      <Select label={t("settings.language")} description={t("settings.languageDescription")} data={data} value={choice} onChange={change} allowDeselect={false} maw={360} />
    </Card>
  );
}
