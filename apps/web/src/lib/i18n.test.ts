import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nProvider, type I18nTools, useI18n } from './i18n';
import bn from '@easyfund/shared/i18n/bn.json';
import { Texts } from './texts';

/** The tools a component gets under the provider of `instance`. */
function toolsUnder(instance: Texts): I18nTools {
  let tools: I18nTools | undefined;
  function Probe() {
    tools = useI18n();
    return null;
  }
  renderToString(createElement(I18nProvider, { instance, children: createElement(Probe) }));
  if (!tools) throw new Error('not rendered');
  return tools;
}

function bangla(texts: Record<string, string>) {
  return new Texts('bn', { bn: texts });
}

describe('useI18n', () => {
  it('translates in the provider’s language, formats amounts in its digits, and remembers nothing stale', () => {
    const instance = bangla({ Home: 'হোম', 'Hello {{name}}': 'হ্যালো {{name}}' });
    const tools = toolsUnder(instance);
    expect(tools.lang).toBe('bn');
    expect(tools.t('Home')).toBe('হোম');
    expect(tools.t('Home')).toBe('হোম');
    expect(tools.t('Hello {{name}}', { name: 'Nusrat' })).toBe('হ্যালো Nusrat');
    expect(tools.tk(150_000_000)).toBe('১৫,০০,০০০ টাকা');
    // Not in the catalogue yet: the English key, until the part holding it is added.
    expect(tools.t('My Profile')).toBe('My Profile');
    instance.addResources('bn', { 'My Profile': 'আমার প্রোফাইল' });
    expect(tools.t('My Profile')).toBe('আমার প্রোফাইল');
  });

  it('gives the tools of the new language after a change', () => {
    const instance = bangla({ Home: 'হোম' });
    expect(toolsUnder(instance).t('Home')).toBe('হোম');
    instance.changeLanguage('en');
    const tools = toolsUnder(instance);
    expect(tools.lang).toBe('en');
    expect(tools.t('Home')).toBe('Home');
    expect(tools.tk(150_000_000)).toBe('15,00,000 Tk');
  });

  it('marks a count that stopped short of the whole with "+", in the language\'s digits', () => {
    const tools = toolsUnder(
      bangla({ '{{n}} users_one': '{{n}} জন', '{{n}} users_other': '{{n}} জন' }),
    );
    expect(tools.number(10_000, true)).toBe('১০,০০০+');
    expect(tools.number(10_000)).toBe('১০,০০০');
    expect(tools.tn('{{n}} users', 10_000, { orMore: true })).toBe('১০,০০০+ জন');
    expect(tools.tn('{{n}} users', 9_999, { orMore: false })).toBe('৯,৯৯৯ জন');
  });

  it('says "at least n" in the words of a language that has them, else with "+"', () => {
    const tools = toolsUnder(new Texts('bn', { bn }));
    expect(tools.tn('{{n}} funds match your search', 1_000, { orMore: true })).toBe(
      'আপনার খোঁজের সাথে ১,০০০টিরও বেশি তহবিল মিলেছে',
    );
    expect(tools.tn('{{n}} funds match your search', 1_000)).toBe(
      'আপনার খোঁজের সাথে ১,০০০টি তহবিল মিলেছে',
    );
    expect(tools.tn('{{n}} users matching “{{q}}”', 1_000, { q: 'রহিম', orMore: true })).toBe(
      '“রহিম”-এর সাথে মেলে ১,০০০ জনেরও বেশি ব্যবহারকারী',
    );
    expect(tools.tn('{{n}} users', 10_000, { orMore: true })).toBe('১০,০০০ জনেরও বেশি ব্যবহারকারী');
    // English has no such form: the count is marked.
    const english = toolsUnder(new Texts('en', {}));
    expect(english.tn('{{n}} users', 10_000, { orMore: true })).toBe('10,000+ users');
  });

  it('is used under its provider only', () => {
    function Lost() {
      useI18n();
      return null;
    }
    expect(() => renderToString(createElement(Lost))).toThrow(/outside I18nProvider/);
  });
});
