/**
 * Portraits of the demo raisers, drawn in code like the site's other pictures (decision
 * 106): a head and shoulders in flat shapes, each with its own skin tone, hair or scarf,
 * clothes and background. `node design/illustrations/people.mjs` writes small SVG files
 * to apps/web/public/images/people/ (no image tools needed).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const out = path.join(root, 'apps/web/public/images/people');

const PEOPLE = [
  // slug, background, skin, hair/scarf, clothes, kind
  ['karim', '#cfe8e4', '#c68a5e', '#1f1a17', '#2f5d8a', 'short'],
  ['farhana', '#f6dcc8', '#d9a27a', '#7a2e46', '#2d7a5f', 'scarf'],
  ['mahmud', '#dde3f3', '#a8714f', '#2b2320', '#6b4f2a', 'cap'],
  ['shirin', '#e6ecd0', '#b97d57', '#1c1716', '#a3412f', 'long'],
  ['rahim', '#efe3c4', '#9c6644', '#e8e4da', '#f3f1ea', 'beard'],
  ['nusrat', '#f3d9e4', '#cf9a73', '#38205a', '#c2185b', 'scarf'],
];

function portrait([, bg, skin, hair, clothes, kind]) {
  const parts = [`<rect width="128" height="128" fill="${bg}"/>`];
  // Shoulders and neck.
  parts.push(`<path d="M18 128c2-24 20-36 46-36s44 12 46 36z" fill="${clothes}"/>`);
  parts.push(`<rect x="54" y="74" width="20" height="22" rx="8" fill="${skin}"/>`);
  if (kind === 'scarf') {
    // A scarf framing the face and falling on the shoulders.
    parts.push(
      `<path d="M30 62c0-22 15-38 34-38s34 16 34 38v26c-8 10-20 14-34 14s-26-4-34-14z" fill="${hair}"/>`,
    );
    parts.push(`<ellipse cx="64" cy="60" rx="21" ry="25" fill="${skin}"/>`);
  } else {
    if (kind === 'long')
      parts.push(`<path d="M36 56c0-20 12-32 28-32s28 12 28 32v40H36z" fill="${hair}"/>`);
    parts.push(`<ellipse cx="64" cy="58" rx="22" ry="26" fill="${skin}"/>`);
    if (kind === 'cap')
      parts.push(
        `<path d="M40 48c0-16 10-24 24-24s24 8 24 24c-8-4-16-5-24-5s-16 1-24 5z" fill="${hair}"/><rect x="40" y="44" width="48" height="6" rx="3" fill="#f5f5f4"/>`,
      );
    else
      parts.push(
        `<path d="M41 52c0-18 10-28 23-28s23 10 23 28c-6-8-14-12-23-12s-17 4-23 12z" fill="${kind === 'beard' ? '#3b302a' : hair}"/>`,
      );
    if (kind === 'beard')
      parts.push(
        `<path d="M44 62c2 18 10 26 20 26s18-8 20-26c-4 6-10 8-20 8s-16-2-20-8z" fill="${hair}"/><path d="M46 34c6-6 30-6 36 0v6H46z" fill="#f5f5f4"/>`,
      );
  }
  // Eyes and smile.
  parts.push(
    `<circle cx="56" cy="58" r="2.4" fill="#1f1a17"/><circle cx="72" cy="58" r="2.4" fill="#1f1a17"/>`,
  );
  parts.push(
    `<path d="M57 70c4 4 10 4 14 0" stroke="#5b2f22" stroke-width="2.4" fill="none" stroke-linecap="round"/>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">${parts.join('')}</svg>\n`;
}

mkdirSync(out, { recursive: true });
for (const person of PEOPLE) writeFileSync(path.join(out, `${person[0]}.svg`), portrait(person));
console.log(`wrote ${PEOPLE.length} portraits to ${path.relative(root, out)}`);
