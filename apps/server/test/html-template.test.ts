import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillHtml, readHtmlParts } from '../src/lib/html-template';

describe('HTML templates', () => {
  it('fills {{name}} escaped and {{{name}}} as given, in one pass', () => {
    const html = fillHtml('<p title="{{title}}">{{text}} {{{body}}} {{n}}</p>', {
      title: '"quoted" & <b>',
      text: "it's {{body}}",
      body: '<em>made</em>',
      n: 5,
    });
    expect(html).toBe(
      '<p title="&#34;quoted&#34; &#38; &#60;b&#62;">it&#39;s {{body}} <em>made</em> 5</p>',
    );
  });

  it('refuses a placeholder without a value', () => {
    expect(() => fillHtml('<p>{{missing}}</p>', {})).toThrow('{{missing}}');
  });

  it('reads a file of named parts, and names a missing one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'template-'));
    const file = path.join(dir, 'parts.html');
    writeFileSync(
      file,
      '<!-- a note -->\n<!-- part: one -->\n<p>{{a}}</p>\n<!-- part: two-lines -->\n<ul>\n<li>x</li>\n</ul>\n',
    );
    expect(readHtmlParts(file, ['one', 'two-lines'])).toEqual({
      one: '<p>{{a}}</p>',
      'two-lines': '<ul>\n<li>x</li>\n</ul>',
    });
    expect(() => readHtmlParts(file, ['three'])).toThrow('no part "three"');
  });
});
