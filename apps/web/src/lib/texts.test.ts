import { describe, expect, it } from 'vitest';
import bn from '@easyfund/shared/i18n/bn.json';
import en from '@easyfund/shared/i18n/en.json';
import { Texts } from './texts';

describe('Texts', () => {
  it('answers the English key where the catalogue has no text, or an empty one', () => {
    const texts = new Texts('bn', { bn: { Home: 'হোম', Empty: '' } });
    expect(texts.t('Home')).toBe('হোম');
    expect(texts.t('Not translated')).toBe('Not translated');
    expect(texts.t('Empty')).toBe('Empty');
    texts.changeLanguage('en');
    expect(texts.t('Home')).toBe('Home');
  });

  it('picks the plural form by the language’s rules, then the key itself', () => {
    const english = new Texts('en', { en });
    expect(english.t('{{n}} donations', { count: 1, n: '1' })).toBe('1 donation');
    expect(english.t('{{n}} donations', { count: 0, n: '0' })).toBe('0 donations');
    expect(english.t('{{n}} donations', { count: 21, n: '21' })).toBe('21 donations');
    expect(english.t('{{n}} things', { count: 1, n: '1' })).toBe('1 things');
    const bangla = new Texts('bn', { bn });
    // Bangla: 'one' for 0 and 1, 'other' beyond.
    expect(bangla.t('{{n}} donations', { count: 1, n: '১' })).toBe(
      bn['{{n}} donations_one' as keyof typeof bn].replace('{{n}}', '১'),
    );
    expect(bangla.t('{{n}} donations', { count: 5, n: '৫' })).toBe(
      bn['{{n}} donations_other' as keyof typeof bn].replace('{{n}}', '৫'),
    );
  });

  it('fills placeholders as given (no escaping: React escapes), keeps unknown ones', () => {
    const texts = new Texts('en');
    expect(texts.t('Hello {{name}}, {{ name }}!', { name: '<b>Nusrat</b>' })).toBe(
      'Hello <b>Nusrat</b>, <b>Nusrat</b>!',
    );
    expect(texts.t('{{amount}} to {{fund}}', { amount: 500 })).toBe('500 to {{fund}}');
    expect(texts.t('{{amount}} to {{fund}}', { amount: null, fund: undefined })).toBe(' to ');
    expect(texts.t('$& {{x}} $1', { x: '$&' })).toBe('$& $& $1');
  });

  it('tells its listeners of a language change and of added texts, until they leave', () => {
    const texts = new Texts('en');
    const heard: string[] = [];
    const listener = (lang: string) => heard.push(lang);
    texts.on('languageChanged', listener);
    texts.on('added', () => heard.push('added'));
    texts.addResources('bn', { Home: 'হোম' });
    texts.changeLanguage('bn');
    texts.changeLanguage('bn');
    expect(texts.t('Home')).toBe('হোম');
    texts.addResources('bn', { About: 'সম্পর্কে' });
    expect(texts.t('Home')).toBe('হোম');
    texts.off('languageChanged', listener);
    texts.changeLanguage('en');
    expect(heard).toEqual(['added', 'bn', 'added']);
  });
});
