/**
 * One rich-text editor per language, in tabs, bound to a form store's `name.en`, `name.ar`, `name.ku` (news messages,
 * visa content). Each editor writes in its own language and direction; a tab whose text has an error carries a dot,
 * and the error shows under its editor. The first tab open is the page's language.
 * Loaded only with a dialog that edits rich text (Headless UI's tabs, the editor and its sanitizer come with it).
 */
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useStore } from "@nanostores/react";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { FieldError } from "../../components/ui";
import { LOCALES, LOCALE_INFO } from "../../shared/locales";
import { getPath, type FormStore } from "./form.store";
import { messageText, usePageLocale } from "./hooks";
import { RichTextEditor, type RichTextEditorProps } from "./RichTextEditor";

export interface LocalizedRichTextProps {
  // Any form whose values hold `name.{en,ar,ku}`.
  form: FormStore<any>;
  /** Path of the localized value in the form ("message", "content"). */
  name: string;
  /** The label, translated; each editor is named "label (language)". */
  label: string;
  /** Accessible name of the tab list, translated (defaults to the label). */
  tabsLabel?: string;
  /** Test ids: `${testId}-tab-${lang}` for tabs, `${testId}-${lang}` for editors. */
  testId: string;
  uploadImage?: RichTextEditorProps["uploadImage"];
  /** A legend over the tabs (inside a form dialog, where nothing else names them). */
  legend?: boolean;
}

export function LocalizedRichText({ form, name, label, tabsLabel, testId, uploadImage, legend = false }: LocalizedRichTextProps) {
  const t = useT();
  const locale = usePageLocale();
  const values = useStore(form.$values);
  const errors = useStore(form.$errors);
  const [tab, setTab] = useState(() => Math.max(0, LOCALES.indexOf(locale)));

  const tabs = (
    <TabGroup selectedIndex={tab} onChange={setTab}>
      <TabList className="flex gap-1 border-b border-[var(--border)]" aria-label={tabsLabel ?? label}>
        {LOCALES.map((code) => (
          <Tab
            key={code}
            lang={LOCALE_INFO[code].htmlLang}
            className="-mb-px cursor-pointer rounded-t-xl border-b-2 border-transparent px-4 py-2 font-medium data-selected:border-primary-500 data-selected:text-primary-700 data-hover:bg-primary-500/10 dark:data-selected:text-primary-300"
            data-testid={`${testId}-tab-${code}`}
          >
            {LOCALE_INFO[code].nativeName}
            {errors[`${name}.${code}`] && <span className="ms-1 text-error-600" aria-hidden="true">•</span>}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {LOCALES.map((code) => (
          <TabPanel key={code} unmount={false}>
            <RichTextEditor
              value={(getPath(values, `${name}.${code}`) as string | undefined) ?? ""}
              onChange={(html) => form.setValue(`${name}.${code}`, html)}
              label={`${label} (${LOCALE_INFO[code].nativeName})`}
              lang={LOCALE_INFO[code].htmlLang}
              dir={LOCALE_INFO[code].dir}
              uploadImage={uploadImage}
              testId={`${testId}-${code}`}
            />
            <FieldError error={messageText(t, errors[`${name}.${code}`])} />
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );

  if (!legend) return tabs;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      {tabs}
    </fieldset>
  );
}

export default LocalizedRichText;
