// Texts of the page in German and English. The language comes from the browser (navigator.languages), can be
// switched on the page and is remembered in localStorage. Option descriptions come from the OpenAPI document
// (English); the built-in options also have a German text here, and any other option shows the document's text.

const TEXTS = {
  en: {
    skip: 'Skip to content',
    title: 'Convert and view tenders',
    language: 'Language',
    signIn: 'Sign in',
    signOut: 'Sign out',
    signedInAs: 'Signed in as {name}',
    signInNeeded: 'Sign in to convert files.',
    signInUnavailable: 'Sign-in is not available: {problem}',
    signInInsecure: 'Sign-in needs https (or localhost): on plain http the browser offers no SHA-256 for PKCE.',
    signInFailed: 'Sign-in failed: {error}',
    signInExpired: 'Your sign-in has expired. Please sign in again.',
    convertTitle: 'Convert',
    dropHint: 'Drop GAEB, ÖNORM, SIA, Excel or ava files here, or',
    pickFiles: 'Choose files',
    target: 'Convert to',
    convertAll: 'Convert all',
    downloadZip: 'Download all as ZIP',
    clear: 'Clear list',
    options: 'Options',
    noOptions: 'Add files to see the options of their conversions.',
    optionRoutes: 'used by {routes}',
    detecting: 'Recognising the format…',
    detected: 'Format: {name}',
    notRecognised: 'Format not recognised',
    noRoute: 'No conversion from {source} to {target}',
    waiting: 'Ready',
    uploading: 'Uploading',
    converting: 'Converting…',
    done: 'Converted',
    failed: 'Failed ({status})',
    notConverted: 'Not converted',
    errTooLarge: 'The file is larger than the server accepts.',
    errUnavailable: 'The server cannot be reached or is busy. Please try again later.',
    errParse: 'The file could not be read: it is damaged or not of the recognised format.',
    errNotRecognised: 'The format of the file was not recognised.',
    serverDetail: 'Details from the server',
    upload: 'Upload',
    conversion: 'Conversion',
    download: 'Download {file}',
    viewBoq: 'View bill of quantities',
    remove: 'Remove {file}',
    messages: ['{count} conversion message', '{count} conversion messages'],
    messagesShown: ['{count} conversion message', '{count} conversion messages (the first {shown} shown)'],
    noMessages: 'No conversion messages',
    item: 'Item {item}',
    viewTitle: 'Bill of quantities',
    search: 'Search item number or text',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    print: 'Print',
    closeView: 'Close',
    summary: '{specs} {specsWord}, {groups} {groupsWord}, {positions} {positionsWord}, {notes} {notesWord}; total {total}',
    specsWord: ['service specification', 'service specifications'],
    groupsWord: ['group', 'groups'],
    positionsWord: ['position', 'positions'],
    notesWord: ['note', 'notes'],
    matches: ['{count} match', '{count} matches'],
    colItem: 'Item no.',
    colText: 'Short text',
    colQty: 'Quantity',
    colUnit: 'Unit',
    colUp: 'Unit price',
    colTotal: 'Total',
    chartTitle: 'Totals per top-level group',
    chartLabel: 'Bar chart of the totals per top-level group; the table below lists the same values.',
    withoutGroup: 'Outside groups',
    group: 'Group',
    spec: 'Service specification {name}',
    longText: 'Long text',
    yes: 'yes',
    no: 'no',
    defaultValue: 'default: {value}',
  },
  de: {
    skip: 'Zum Inhalt springen',
    title: 'Leistungsverzeichnisse umwandeln und ansehen',
    language: 'Sprache',
    signIn: 'Anmelden',
    signOut: 'Abmelden',
    signedInAs: 'Angemeldet als {name}',
    signInNeeded: 'Melden Sie sich an, um Dateien umzuwandeln.',
    signInUnavailable: 'Anmelden ist nicht möglich: {problem}',
    signInInsecure: 'Anmelden braucht https (oder localhost): über http bietet der Browser kein SHA-256 für PKCE.',
    signInFailed: 'Anmelden fehlgeschlagen: {error}',
    signInExpired: 'Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.',
    convertTitle: 'Umwandeln',
    dropHint: 'GAEB-, ÖNORM-, SIA-, Excel- oder ava-Dateien hier ablegen, oder',
    pickFiles: 'Dateien auswählen',
    target: 'Umwandeln in',
    convertAll: 'Alle umwandeln',
    downloadZip: 'Alle als ZIP herunterladen',
    clear: 'Liste leeren',
    options: 'Optionen',
    noOptions: 'Fügen Sie Dateien hinzu, um die Optionen ihrer Umwandlungen zu sehen.',
    optionRoutes: 'gilt für {routes}',
    detecting: 'Format wird erkannt…',
    detected: 'Format: {name}',
    notRecognised: 'Format nicht erkannt',
    noRoute: 'Keine Umwandlung von {source} nach {target}',
    waiting: 'Bereit',
    uploading: 'Hochladen',
    converting: 'Wird umgewandelt…',
    done: 'Umgewandelt',
    failed: 'Fehlgeschlagen ({status})',
    notConverted: 'Nicht umgewandelt',
    errTooLarge: 'Die Datei ist größer, als der Server annimmt.',
    errUnavailable: 'Der Server ist nicht erreichbar oder ausgelastet. Bitte versuchen Sie es später noch einmal.',
    errParse: 'Die Datei konnte nicht gelesen werden: Sie ist beschädigt oder nicht im erkannten Format.',
    errNotRecognised: 'Das Format der Datei wurde nicht erkannt.',
    serverDetail: 'Angaben des Servers',
    upload: 'Hochladen',
    conversion: 'Umwandlung',
    download: '{file} herunterladen',
    viewBoq: 'Leistungsverzeichnis ansehen',
    remove: '{file} entfernen',
    messages: ['{count} Meldung der Umwandlung', '{count} Meldungen der Umwandlung'],
    messagesShown: ['{count} Meldung der Umwandlung', '{count} Meldungen der Umwandlung (die ersten {shown} gezeigt)'],
    noMessages: 'Keine Meldungen',
    item: 'OZ {item}',
    viewTitle: 'Leistungsverzeichnis',
    search: 'Ordnungszahl oder Text suchen',
    expandAll: 'Alle aufklappen',
    collapseAll: 'Alle zuklappen',
    print: 'Drucken',
    closeView: 'Schließen',
    summary: '{specs} {specsWord}, {groups} {groupsWord}, {positions} {positionsWord}, {notes} {notesWord}; Summe {total}',
    specsWord: ['Leistungsverzeichnis', 'Leistungsverzeichnisse'],
    groupsWord: ['Gruppe', 'Gruppen'],
    positionsWord: ['Position', 'Positionen'],
    notesWord: ['Hinweis', 'Hinweise'],
    matches: '{count} Treffer',
    colItem: 'OZ',
    colText: 'Kurztext',
    colQty: 'Menge',
    colUnit: 'Einheit',
    colUp: 'Einheitspreis',
    colTotal: 'Gesamtbetrag',
    chartTitle: 'Summen je Gruppe der obersten Ebene',
    chartLabel: 'Balkendiagramm der Summen je Gruppe der obersten Ebene; die Tabelle darunter nennt dieselben Werte.',
    withoutGroup: 'Außerhalb von Gruppen',
    group: 'Gruppe',
    spec: 'Leistungsverzeichnis {name}',
    longText: 'Langtext',
    yes: 'ja',
    no: 'nein',
    defaultValue: 'Vorgabe: {value}',
  },
};

/** German meanings of the built-in catalogue options (the OpenAPI document gives them in English). */
const OPTION_TEXTS_DE = {
  RemovePlainTextLongTexts: 'Entfernt die Langtexte als reinen Text aus der Ausgabe (kleinere Antwort).',
  RemoveHtmlLongTexts: 'Entfernt die Langtexte als HTML aus der Ausgabe (kleinere Antwort).',
  DestinationGaebType: 'GAEB-Art der Ausgabe. Vorgabe: GAEB DA XML 3.2.',
  TargetExchangePhaseTransform: 'Austauschphase der Ausgabe. Vorgabe: keine Umwandlung.',
  EnforceStrictOfferPhaseLongTextOutput: 'Wenn an: Langtexte mit Textergänzungen werden streng schemakonform nach GAEB XML geschrieben. Wenn aus: als Textergänzung markierte Texte werden vollständig geschrieben.',
  ExportQuantityDetermination: 'Wenn an: Mengen werden im Detail (QtyDeterm) aus den Mengenansätzen der Positionen geschrieben; kann interne Rechenschritte zeigen.',
  RemoveUnprintableCharactersFromTexts: 'Wenn an: nicht druckbare Zeichen werden aus Texten entfernt. Wenn aus: solche Zeichen lassen die Umwandlung in XML-Formate scheitern.',
  WritePrices: 'Preise schreiben. Vorgabe: an.',
  WriteLongTexts: 'Langtexte schreiben. Vorgabe: an.',
  ConversionCulture: 'Sprache und Zahlenformat der Tabelle (en, de, fr, it, es).',
  DestinationOenormType: 'ÖNORM-Dokument und Ausgabe. Vorgabe: Lv2015.',
  TryRepairProjectStructure: 'Wenn an: eine Gliederung, die nicht zur ÖNORM passt, wird auf LG/ULG abgebildet (Gruppen werden ergänzt oder zusammengelegt, Nummern neu vergeben).',
  SkipTryEnforceSchemaCompliantXmlOutput: 'Wenn an: keine Anpassung an das Schema. Wenn aus: fehlende Pflichtangaben werden mit Vorgaben gefüllt.',
  TryAutoGenerateItemNumbersAndSchema: 'Wenn an: Ordnungszahlen und ihr Schema werden erzeugt, sofern das Projekt keine hat.',
  ReadNewElements: 'Wenn an: neue Zeilen der Tabelle werden als neue Elemente eingefügt.',
  RebuildItemNumberSchema: 'Wenn an: ein Ordnungszahlschema, das nicht den GAEB-Regeln folgt, wird neu aufgebaut.',
  SupportSkippedItemNumberLevelsInPositions: 'Wenn an: Ordnungszahlen, die Stufen des Schemas überspringen, werden angenommen (die fehlende Stufe als Unterstrich).',
  DestinationRebType: 'REB-Art der Ausgabe: D11 (REB DA11, Ausgabe 2009), X31GaebXmlV32 oder X31GaebXmlV33 (GAEB DA XML X31 Mengenermittlung). Vorgabe: D11.',
  LastRowAddress: 'Die Zeilenadresse, nach der die Mengenermittlung fortgesetzt wird (Blatt, Zeilenbuchstabe, Indexziffer, z. B. 1234A0), für fortgeschriebene Aufmaße. Vorgabe: Beginn bei 0001A0.',
};

/** Whether a built-in option has a German text here (the page's tests check every built-in option has one). */
export const hasGermanOptionText = (name) => Object.hasOwn(OPTION_TEXTS_DE, name);

/**
 * Option values the page does not offer, with why (in both languages): the server refuses them by design.
 * `DestinationOenormType=B2063`: ÖNORM B 2063's record layout is not public, so the gateway cannot write it.
 */
const UNOFFERED_VALUES = {
  DestinationOenormType: {
    B2063: {
      en: 'B2063 is not offered: the layout of ÖNORM B 2063 is not public, so it cannot be written.',
      de: 'B2063 wird nicht angeboten: Der Aufbau der ÖNORM B 2063 ist nicht öffentlich, sie kann nicht geschrieben werden.',
    },
  },
};

/** The values of an option the page leaves out, each with the reason in the current language: `[{ value, reason }]`. */
export const unofferedValues = (name) => Object.entries(UNOFFERED_VALUES[name] ?? {}).map(([value, reason]) => ({ value, reason: reason[current] ?? reason.en }));

const STORAGE_KEY = 'ava-web-locale';
export const LOCALES = ['de', 'en'];
let current = initialLocale();
const listeners = [];

function initialLocale() {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (LOCALES.includes(stored)) return stored;
  } catch { /* storage unavailable: use the browser's language */ }
  for (const tag of navigator.languages ?? [navigator.language]) {
    const lang = String(tag).slice(0, 2).toLowerCase();
    if (LOCALES.includes(lang)) return lang;
  }
  return 'en';
}

export const locale = () => current;

/** The form of a `[one, other]` text for `count` (the same rule in German and English); a plain text as it is. */
const form = (text, count) => (Array.isArray(text) ? text[Number(count) === 1 ? 0 : 1] : text);

/**
 * The text for `key` in the current language with `{name}` placeholders filled. A text given as `[one, other]` is
 * chosen by `params.count` (`one` for 1); a placeholder `{xWord}` whose text is such a pair takes the form for
 * `params.x` (`{groupsWord}` → the singular for `groups: 1`).
 */
export function t(key, params = {}) {
  const text = form(TEXTS[current][key] ?? TEXTS.en[key] ?? key, params.count);
  return text.replace(/\{(\w+)Word\}/g, (_, name) => form(TEXTS[current][`${name}Word`] ?? TEXTS.en[`${name}Word`] ?? '', params[name])).replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? ''));
}

/** An option's description: the German text of a built-in option, else the OpenAPI document's. */
export const optionText = (name, fallback) => (current === 'de' && OPTION_TEXTS_DE[name]) || fallback || '';

/** Switches the language, updates the static texts and tells the listeners (which re-render what they own). */
export function setLocale(value) {
  if (!LOCALES.includes(value)) return;
  current = value;
  try { localStorage.setItem(STORAGE_KEY, value); } catch { /* not remembered */ }
  applyStaticTexts();
  for (const listener of listeners) listener();
}

export const onLocaleChange = (listener) => listeners.push(listener);

/** Sets the text of every `[data-i18n]` element and the document's language. */
export function applyStaticTexts(root = document) {
  document.documentElement.lang = current;
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  document.title = `ava-gateway – ${t('title')}`;
}

const numberFormats = new Map();
/** A number in the current language with between `min` and `max` decimals; '' for a missing value. */
export function formatNumber(value, min = 2, max = min) {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const key = `${current}:${min}:${max}`;
  if (!numberFormats.has(key)) numberFormats.set(key, new Intl.NumberFormat(current, { minimumFractionDigits: min, maximumFractionDigits: max }));
  return numberFormats.get(key).format(value);
}
