import { FileInput } from "@mantine/core";
import { useTranslation } from "react-i18next";

const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp";

/**
 * The picker of an uploaded image (watermarks, graphics elements): the file is read in the browser and sent
 * with the request; `storedPath` is the copy a saved item keeps until another file is picked (`keeps` says so).
 */
export function ImageFileInput({ storedPath, keeps, file, onChange, error }: { storedPath: string | null | undefined; keeps: string; file: File | null; onChange: (file: File | null) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <FileInput
      label={t("common.imageFile")}
      description={storedPath && !file ? `${t("imageFileInput.description")} ${keeps}` : t("imageFileInput.description")}
      placeholder={storedPath ? t("imageFileInput.keepTheCurrentImage") : t("imageFileInput.pickAnImage")}
      accept={IMAGE_TYPES}
      clearable
      value={file}
      onChange={onChange}
      error={error}
    />
  );
}
