import { readFileSync } from 'node:fs';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An HTML template's values: `{{name}}` is filled escaped, `{{{name}}}` as it is (HTML
 *  the caller made from other parts). A placeholder without a value is a mistake. */
export type TemplateValues = Record<string, string | number>;

/** Fills a template's placeholders in one pass: a filled value is never read again. */
export function fillHtml(template: string, values: TemplateValues): string {
  return template.replace(/\{\{(\{?)([\w-]+)\}?\}\}/g, (_match, raw: string, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`The template's {{${name}}} has no value`);
    return raw ? String(value) : escapeHtml(String(value));
  });
}

/**
 * Reads an HTML file of named parts once (each starting with `<!-- part: name -->` on a
 * line of its own; what comes before the first part is a comment on the file).
 */
export function readHtmlParts<Name extends string>(
  file: URL | string,
  names: readonly Name[],
): Record<Name, string> {
  const chunks = readFileSync(file, 'utf8').split(/^<!-- part: ([\w-]+) -->\n/m);
  const parts: Partial<Record<string, string>> = {};
  for (let i = 1; i < chunks.length; i += 2) parts[chunks[i]!] = chunks[i + 1]!.replace(/\n$/, '');
  for (const name of names) {
    if (parts[name] === undefined) throw new Error(`${String(file)} has no part "${name}"`);
  }
  return parts as Record<Name, string>;
}
