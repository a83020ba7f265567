/**
 * The site's texts in one language at a time: what the app needed of i18next, in the
 * platform's own terms (decision 458). A text is keyed by its English
 * wording; a catalogue maps it to the language's (bn.json), and en.json holds English's
 * plural forms only. `t(key, { count })` takes the form `key_one` / `key_other` the
 * language's plural rules (`Intl.PluralRules`) choose, then the key itself; a missing or
 * empty text is the key. `{{name}}` is replaced by `options.name` (as it is: React
 * escapes); a placeholder with no such option stays as written, one given as undefined or
 * null becomes empty.
 */
export type TOptions = Record<string, unknown>;

type Event = 'languageChanged' | 'added';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

export class Texts {
  language: string;
  private readonly catalogues = new Map<string, Record<string, string>>();
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private readonly listeners: Record<Event, Set<(language: string) => void>> = {
    languageChanged: new Set(),
    added: new Set(),
  };

  constructor(language: string, catalogues: Record<string, Record<string, string>> = {}) {
    this.language = language;
    for (const [lang, texts] of Object.entries(catalogues)) this.catalogues.set(lang, texts);
  }

  /** Adds texts to a language's catalogue (the Bangla dashboard's part, on demand). */
  addResources(language: string, texts: Record<string, string>): void {
    this.catalogues.set(language, { ...this.catalogues.get(language), ...texts });
    this.emit('added');
  }

  changeLanguage(language: string): void {
    if (language === this.language) return;
    this.language = language;
    this.emit('languageChanged');
  }

  on(event: Event, listener: (language: string) => void): void {
    this.listeners[event].add(listener);
  }

  off(event: Event, listener: (language: string) => void): void {
    this.listeners[event].delete(listener);
  }

  /** The current language's catalogue has a text for `key`. */
  has(key: string): boolean {
    return Boolean(this.catalogues.get(this.language)?.[key]);
  }

  t(key: string, options?: TOptions): string {
    const catalogue = this.catalogues.get(this.language);
    const count = options?.count;
    let text: string | undefined;
    if (typeof count === 'number') text = catalogue?.[`${key}_${this.pluralOf(count)}`];
    text ||= catalogue?.[key] || key;
    if (!text.includes('{{')) return text;
    return text.replace(PLACEHOLDER, (placeholder, name: string) => {
      if (!options || !Object.hasOwn(options, name)) return placeholder;
      const value = options[name];
      return value == null ? '' : String(value as string | number);
    });
  }

  private pluralOf(count: number): Intl.LDMLPluralRule {
    let rules = this.plurals.get(this.language);
    if (!rules) {
      rules = new Intl.PluralRules(this.language);
      this.plurals.set(this.language, rules);
    }
    return rules.select(count);
  }

  private emit(event: Event): void {
    for (const listener of [...this.listeners[event]]) listener(this.language);
  }
}
