import { describe, expect, it } from 'vitest';
import { linkParts, linksAsHosts } from './links';

describe('addresses in posted text', () => {
  it('shows each address by its host, and /… when it leads further', () => {
    expect(
      linksAsHosts('Receipts: https://evil.example/login?next=bank. And www.example.org too'),
    ).toBe('Receipts: evil.example/…. And www.example.org too');
    expect(linksAsHosts('See (https://example.org/).')).toBe('See (example.org).');
  });

  it('shows an international host in its ASCII form', () => {
    expect(linksAsHosts('https://bаnk.example/x')).toBe('xn--bnk-6cd.example/…');
  });

  it('keeps the full address as the target of the page link', () => {
    expect(linkParts('go https://example.org/a?b=1 now')).toEqual([
      { text: 'go ' },
      { href: 'https://example.org/a?b=1', label: 'example.org/…' },
      { text: ' now' },
    ]);
    expect(linkParts('no links, javascript:alert(1)')).toEqual([
      { text: 'no links, javascript:alert(1)' },
    ]);
  });
});
