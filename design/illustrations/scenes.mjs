// The site's illustrations, one function per picture. Each returns an SVG string.
import {
  P,
  id,
  svg,
  linear,
  rect,
  circle,
  path,
  hills,
  water,
  sun,
  cloud,
  hut,
  school,
  tree,
  palm,
  boat,
  figure,
  child,
  books,
  sack,
  box,
  heart,
  rain,
  paddyRows,
} from './shapes.mjs';

function sky(w, h, stops) {
  const g = id('sky');
  return { defs: linear(g, stops), body: rect(0, 0, w, h, `url(#${g})`) };
}

/** Hero 1: sunrise over paddy fields, a village and a river with a boat. */
export function hero1(w = 1600, h = 900) {
  const s = sky(w, h, [
    [0, '#fb923c'],
    [0.45, '#fcd34d'],
    [0.7, '#fef3c7'],
  ]);
  let b = s.body + sun(w * 0.68, h * 0.42, h * 0.09);
  b +=
    cloud(w * 0.12, h * 0.16, 1.4) + cloud(w * 0.8, h * 0.12, 1.1) + cloud(w * 0.45, h * 0.22, 0.8);
  b +=
    hills(w, h, h * 0.5, h * 0.12, '#a3b18a', 0.5, 2) +
    hills(w, h, h * 0.56, h * 0.1, P.hill1, 2, 3);
  b += paddyRows(w, h * 0.58, h * 0.2);
  for (let i = 0; i < 5; i++)
    b += hut(w * (0.06 + i * 0.085), h * 0.54, w * 0.05, h * 0.06, {
      roof: i % 2 ? P.tin : '#a16207',
    });
  b += tree(w * 0.5, h * 0.56, 1.6) + palm(w * 0.9, h * 0.43, 1.1) + palm(w * 0.95, h * 0.47, 0.9);
  b += water(w, h, h * 0.78, '#38bdf8', '#0369a1', 3);
  b += boat(w * 0.3, h * 0.86, 1.3) + boat(w * 0.78, h * 0.9, 0.9, { cover: '#ea580c' });
  return svg(w, h, b, s.defs);
}

/** Hero 2: volunteers handing out food and water at dusk. */
export function hero2(w = 1600, h = 900) {
  const s = sky(w, h, [
    [0, '#be123c'],
    [0.4, '#f97316'],
    [0.75, '#fcd34d'],
  ]);
  let b = s.body + sun(w * 0.22, h * 0.48, h * 0.08, '#fff1c1');
  b +=
    hills(w, h, h * 0.6, h * 0.14, '#9a3412', 1, 2) +
    hills(w, h, h * 0.66, h * 0.08, '#7c2d12', 3, 3);
  b += rect(0, h * 0.66, w, h * 0.34, '#a16207');
  b += tree(w * 0.08, h * 0.68, 2.2, '#14532d') + tree(w * 0.93, h * 0.7, 2, '#14532d');
  b +=
    rect(w * 0.36, h * 0.44, w * 0.3, h * 0.04, '#0f766e') +
    rect(w * 0.37, h * 0.48, 8, h * 0.3, '#134e4a') +
    rect(w * 0.65 - 8, h * 0.48, 8, h * 0.3, '#134e4a');
  b += rect(w * 0.35, h * 0.66, w * 0.32, h * 0.05, '#78350f');
  b +=
    sack(w * 0.42, h * 0.66, 0.9) +
    box(w * 0.5, h * 0.66, 0.9) +
    sack(w * 0.58, h * 0.66, 0.9, '#f5deb3');
  const people = [
    [0.26, 0, 1, 'give'],
    [0.31, 2, 3, 'down'],
    [0.72, 1, 0, 'give'],
    [0.78, 3, 5, 'down'],
    [0.84, 0, 2, 'down'],
    [0.19, 2, 4, 'up'],
  ];
  for (const [x, sk, cl, arms] of people) b += figure(w * x, h * 0.9, 1.6, sk, cl, { arms });
  b += child(w * 0.88, h * 0.92, 1.6, 1, 6) + child(w * 0.14, h * 0.93, 1.6, 3, 1);
  b += heart(w * 0.5, h * 0.25, 1.6, '#fde68a') + heart(w * 0.56, h * 0.18, 0.8, '#fecdd3');
  return svg(w, h, b, s.defs);
}

/** Event 1 / education fund: children with books before a tin-roofed settlement. */
export function eventEducation(w = 800, h = 500, { title = false } = {}) {
  const s = sky(w, h, [
    [0, '#7dd3fc'],
    [1, '#fef3c7'],
  ]);
  let b = s.body + sun(w * 0.85, h * 0.18, 34) + cloud(w * 0.1, h * 0.15, 0.9);
  for (let i = 0; i < 7; i++)
    b += hut(i * 120 - 20, h * 0.42, 100, 80, {
      roof: P.tin,
      wall: i % 2 ? '#e2e8f0' : '#fde68a',
      door: '#475569',
    });
  b += rect(0, h * 0.58, w, h * 0.42, '#d6a76b');
  b += books(w * 0.5, h * 0.78, 0.9);
  b += child(w * 0.2, h * 0.95, 1.3, 0, 1, { arms: 'up' }) + child(w * 0.32, h * 0.96, 1.3, 2, 4);
  b += child(w * 0.68, h * 0.95, 1.3, 1, 2) + child(w * 0.8, h * 0.96, 1.3, 3, 6, { arms: 'up' });
  b += figure(w * 0.92, h * 0.98, 1.2, 2, 0, { scarf: '#f472b6' });
  if (title) b += rect(w * 0.44, h * 0.86, 60, 40, '#ffffff');
  return svg(w, h, b, s.defs);
}

/** Event 2: a new school building with scaffolding; flood marks on the old one. */
export function eventSchool(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#93c5fd'],
    [1, '#fff7ed'],
  ]);
  let b = s.body + cloud(w * 0.6, h * 0.12, 1) + cloud(w * 0.15, h * 0.2, 0.7);
  b += hills(w, h, h * 0.5, 50, P.hill1, 1, 2);
  b += rect(0, h * 0.66, w, h * 0.34, '#65a30d');
  b += school(w * 0.38, h * 0.36, w * 0.44, h * 0.3);
  for (let i = 0; i < 5; i++) b += rect(w * 0.36 + i * (w * 0.12), h * 0.3, 5, h * 0.36, '#a16207');
  for (let j = 0; j < 3; j++) b += rect(w * 0.36, h * 0.34 + j * 44, w * 0.49, 5, '#a16207');
  b +=
    hut(w * 0.05, h * 0.5, 140, 100, { roof: '#78716c', wall: '#d6d3d1' }) +
    rect(w * 0.05, h * 0.62, 140, 6, '#92400e', 'fill-opacity="0.5"');
  b += water(w, h, h * 0.86, '#7dd3fc', '#0284c7', 5);
  b += figure(w * 0.3, h * 0.86, 1, 2, 2, { arms: 'up' }) + figure(w * 0.9, h * 0.86, 1, 0, 5);
  b += sack(w * 0.24, h * 0.86, 0.6, '#d4d4d8');
  return svg(w, h, b, s.defs);
}

/** Blog 1 / relief fund: a flooded village in Sylhet with tea hills and boats in the rain. */
export function flood(w = 800, h = 500, { rainy = true } = {}) {
  const s = sky(w, h, [
    [0, '#64748b'],
    [1, '#cbd5e1'],
  ]);
  let b =
    s.body +
    cloud(w * 0.05, h * 0.12, 1.3, '#e2e8f0', 0.9) +
    cloud(w * 0.6, h * 0.1, 1.5, '#f1f5f9', 0.9);
  b += hills(w, h, h * 0.45, 70, '#4d7c0f', 0.3, 2) + hills(w, h, h * 0.5, 40, '#3f6212', 2, 3);
  for (let i = 0; i < 4; i++)
    b += hut(w * (0.08 + i * 0.22), h * 0.5, 110, 70, { roof: i % 2 ? P.tin : '#a16207' });
  b += palm(w * 0.96, h * 0.56, 0.7);
  b += water(w, h, h * 0.62, '#a16207', '#713f12', 9);
  b += boat(w * 0.3, h * 0.8, 0.9) + boat(w * 0.75, h * 0.9, 0.7, { cover: '#0f766e' });
  if (rainy) b += rain(w, h, 90);
  return svg(w, h, b, s.defs);
}

/** Blog 2: relief boxes reaching a hill village in Chattogram by boat. */
export function reliefChattogram(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#38bdf8'],
    [1, '#fef9c3'],
  ]);
  let b = s.body + sun(w * 0.15, h * 0.2, 30) + cloud(w * 0.55, h * 0.14, 1.1);
  b +=
    hills(w, h, h * 0.44, 110, '#15803d', 0.8, 1.5) + hills(w, h, h * 0.5, 50, '#166534', 2.4, 3);
  b += water(w, h, h * 0.62, '#0ea5e9', '#075985', 11);
  b += rect(w * 0.5, h * 0.58, w * 0.5, h * 0.08, '#a16207');
  b += boat(w * 0.28, h * 0.78, 1, { cover: '#dc2626' });
  b +=
    box(w * 0.62, h * 0.62, 0.8) +
    box(w * 0.7, h * 0.62, 0.8, '#ea580c') +
    box(w * 0.66, h * 0.56, 0.8);
  b +=
    figure(w * 0.82, h * 0.64, 0.9, 1, 0, { arms: 'give' }) + figure(w * 0.92, h * 0.65, 0.9, 3, 3);
  return svg(w, h, b, s.defs);
}

/** Blog 3: food distribution in a remote village: rice sacks, a queue, plates. */
export function foodDistribution(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#fdba74'],
    [1, '#fef3c7'],
  ]);
  let b = s.body + sun(w * 0.75, h * 0.22, 36);
  b += hills(w, h, h * 0.5, 60, '#a3a35a', 1.3, 2);
  b += rect(0, h * 0.58, w, h * 0.42, '#d6a76b');
  b += tree(w * 0.1, h * 0.6, 1.5) + hut(w * 0.82, h * 0.46, 110, 70, { roof: '#a16207' });
  b += rect(w * 0.18, h * 0.68, w * 0.3, 14, '#78350f');
  b +=
    sack(w * 0.22, h * 0.68, 0.7) +
    sack(w * 0.3, h * 0.68, 0.7, '#f5deb3') +
    sack(w * 0.38, h * 0.68, 0.7);
  b += figure(w * 0.44, h * 0.92, 1.1, 2, 0, { arms: 'give' });
  const q = [
    [0.56, 1, 2],
    [0.64, 3, 4],
    [0.72, 0, 1],
    [0.8, 2, 6],
    [0.88, 1, 3],
  ];
  for (const [x, sk, cl] of q) b += figure(w * x, h * 0.94, 1.05, sk, cl);
  b += child(w * 0.6, h * 0.96, 1.1, 0, 5);
  b +=
    `<ellipse cx="${w * 0.52}" cy="${h * 0.82}" rx="22" ry="7" fill="#f8fafc"/>` +
    circle(w * 0.52, h * 0.8, 8, '#fef3c7');
  return svg(w, h, b, s.defs);
}

/** Fund: health care — a small clinic with a red crescent and a heart. */
export function healthCare(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#a5f3fc'],
    [1, '#f0fdfa'],
  ]);
  let b = s.body + cloud(w * 0.08, h * 0.12, 0.9) + cloud(w * 0.7, h * 0.1, 1.1);
  b += rect(0, h * 0.72, w, h * 0.28, '#86efac');
  b +=
    rect(w * 0.25, h * 0.3, w * 0.5, h * 0.42, '#f8fafc') +
    rect(w * 0.23, h * 0.26, w * 0.54, 22, '#0f766e');
  for (let c = 0; c < 4; c++)
    b += rect(
      w * 0.29 + c * (w * 0.11),
      h * 0.4,
      w * 0.07,
      h * 0.1,
      '#bae6fd',
      'stroke="#0f766e" stroke-width="3"',
    );
  b += rect(w * 0.46, h * 0.56, w * 0.08, h * 0.16, '#0f766e');
  b +=
    circle(w * 0.5, h * 0.18, 40, '#ffffff') +
    rect(w * 0.5 - 10, h * 0.18 - 28, 20, 56, '#dc2626') +
    rect(w * 0.5 - 28, h * 0.18 - 10, 56, 20, '#dc2626');
  b += heart(w * 0.14, h * 0.55, 1.4) + tree(w * 0.88, h * 0.74, 1.2);
  b += figure(w * 0.8, h * 0.94, 1, 2, 0) + child(w * 0.72, h * 0.95, 1, 0, 1);
  return svg(w, h, b, s.defs);
}

/** Fund: startup — a tailoring workshop with a sewing machine and a rising chart. */
export function startup(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#fde68a'],
    [1, '#fff7ed'],
  ]);
  let b = s.body + rect(0, h * 0.7, w, h * 0.3, '#e7c9a0');
  b += rect(w * 0.06, h * 0.1, w * 0.36, h * 0.42, '#ffffff', 'rx="12"');
  const bars = [0.12, 0.2, 0.27, 0.36];
  bars.forEach(
    (v, i) =>
      (b += rect(
        w * (0.1 + i * 0.075),
        h * (0.48 - v),
        w * 0.05,
        h * v,
        ['#0f766e', '#14b8a6', '#f59e0b', '#ea580c'][i],
      )),
  );
  b += path(
    `M${w * 0.1},${h * 0.4} L${w * 0.18},${h * 0.34} L${w * 0.26},${h * 0.28} L${w * 0.38},${h * 0.14}`,
    'none',
    'stroke="#be123c" stroke-width="6" stroke-linecap="round"',
  );
  b +=
    rect(w * 0.48, h * 0.62, w * 0.44, 16, '#78350f') +
    rect(w * 0.5, h * 0.64, 12, h * 0.3, '#78350f') +
    rect(w * 0.9 - 12, h * 0.64, 12, h * 0.3, '#78350f');
  b += path(
    `M${w * 0.58},${h * 0.62} L${w * 0.58},${h * 0.44} Q${w * 0.58},${h * 0.38} ${w * 0.64},${h * 0.38} L${w * 0.8},${h * 0.38} Q${w * 0.84},${h * 0.38} ${w * 0.84},${h * 0.44} L${w * 0.84},${h * 0.52} L${w * 0.66},${h * 0.52} L${w * 0.66},${h * 0.62} Z`,
    '#0f172a',
  );
  b += rect(w * 0.82, h * 0.5, 8, h * 0.12, '#334155') + circle(w * 0.88, h * 0.46, 14, '#94a3b8');
  b += rect(w * 0.52, h * 0.58, w * 0.14, 6, '#db2777');
  b +=
    figure(w * 0.42, h * 0.96, 1.2, 1, 1, { scarf: '#fbbf24', arms: 'give' }) +
    figure(w * 0.22, h * 0.96, 1.1, 3, 3, { scarf: '#a78bfa' });
  return svg(w, h, b, s.defs);
}

/** Fund: social care — an elderly couple with blankets on a winter morning. */
export function socialCare(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#cbd5e1'],
    [1, '#fef3c7'],
  ]);
  let b = s.body + sun(w * 0.78, h * 0.26, 32, '#fde68a');
  b += hills(w, h, h * 0.55, 50, '#a3b18a', 0.8, 2) + rect(0, h * 0.66, w, h * 0.34, '#bef264');
  b +=
    tree(w * 0.12, h * 0.7, 1.6, '#3f6212') +
    hut(w * 0.62, h * 0.52, 150, 100, { roof: '#a16207' });
  b +=
    figure(w * 0.34, h * 0.95, 1.3, 0, 2) +
    path(
      `M${w * 0.34 - 30},${h * 0.95 - 120} L${w * 0.34 + 30},${h * 0.95 - 120} L${w * 0.34 + 36},${h * 0.95 - 40} L${w * 0.34 - 36},${h * 0.95 - 40}Z`,
      '#7c3aed',
    );
  b +=
    figure(w * 0.48, h * 0.95, 1.25, 3, 0, { scarf: '#e5e7eb' }) +
    path(
      `M${w * 0.48 - 30},${h * 0.95 - 115} L${w * 0.48 + 30},${h * 0.95 - 115} L${w * 0.48 + 34},${h * 0.95 - 40} L${w * 0.48 - 34},${h * 0.95 - 40}Z`,
      '#dc2626',
      'fill-opacity="0.9"',
    );
  b += circle(w * 0.34, h * 0.95 - 150, 14, '#e5e7eb', 'fill-opacity="0.7"');
  b += figure(w * 0.2, h * 0.97, 1.25, 2, 4, { arms: 'give' });
  b +=
    rect(w * 0.78, h * 0.82, 90, 40, '#0f766e', 'rx="6"') +
    rect(w * 0.8, h * 0.76, 90, 40, '#f59e0b', 'rx="6"');
  return svg(w, h, b, s.defs);
}

/** Fund: charitable trust — cupped hands around a home with a heart. */
export function charitableTrust(w = 800, h = 500) {
  const s = sky(w, h, [
    [0, '#fecdd3'],
    [1, '#fff7ed'],
  ]);
  let b = s.body + sun(w * 0.5, h * 0.34, 60, '#fff1c1');
  b += hut(w * 0.4, h * 0.38, w * 0.2, h * 0.2, { roof: '#be123c', wall: '#fef9c3' });
  b += heart(w * 0.5, h * 0.16, 1.3);
  const hand = (flip) =>
    `<g transform="translate(${w / 2} ${h * 0.62}) scale(${flip} 1)">${path(`M0,40 Q-120,44 -200,-10 Q-230,-30 -210,-44 Q-190,-52 -170,-30 Q-130,0 -60,6 L0,8 Z`, P.skin[2])}${path('M-200,-12 Q-240,20 -260,80 L-200,90 Q-190,40 -160,20Z', '#0f766e')}</g>`;
  b += hand(1) + hand(-1);
  b += rect(0, h * 0.84, w, h * 0.16, '#fde68a');
  for (let i = 0; i < 6; i++) b += child(w * (0.12 + i * 0.15), h * 0.99, 0.8, i, i + 1);
  return svg(w, h, b, s.defs);
}
