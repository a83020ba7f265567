// Small SVG drawing helpers for the site's illustrations (flat, warm palette).

export const P = {
  sky1: '#fde68a',
  sky2: '#fb923c',
  dusk1: '#fcd34d',
  dusk2: '#f97316',
  dusk3: '#be123c',
  day1: '#bae6fd',
  day2: '#fef3c7',
  sun: '#fff7ed',
  hill1: '#65a30d',
  hill2: '#4d7c0f',
  hill3: '#3f6212',
  paddy: '#84cc16',
  water1: '#0ea5e9',
  water2: '#0369a1',
  flood1: '#a16207',
  flood2: '#854d0e',
  earth: '#b45309',
  wall: '#fef3c7',
  wall2: '#fde68a',
  roof: '#b91c1c',
  tin: '#94a3b8',
  wood: '#78350f',
  leaf: '#15803d',
  leaf2: '#166534',
  skin: ['#8d5524', '#a0522d', '#c68642', '#7c4a2d'],
  cloth: ['#0f766e', '#db2777', '#f59e0b', '#7c3aed', '#2563eb', '#dc2626', '#16a34a'],
};

let gid = 0;
export const id = (p) => `${p}${gid++}`;

export function svg(w, h, body, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>\n`;
}

export function linear(gidName, stops, vertical = true) {
  const [x2, y2] = vertical ? [0, 1] : [1, 0];
  return `<linearGradient id="${gidName}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, c]) => `<stop offset="${o}" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

export function radial(gidName, stops) {
  return `<radialGradient id="${gidName}">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join('')}</radialGradient>`;
}

export function rect(x, y, w, h, fill, extra = '') {
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
}

export function circle(cx, cy, r, fill, extra = '') {
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
}

export function path(d, fill, extra = '') {
  return `<path d="${d}" fill="${fill}" ${extra}/>`;
}

/** A smooth band of hills across the width, from baseline y with the given amplitude. */
export function hills(w, h, y, amp, fill, phase = 0, waves = 3) {
  const pts = [];
  const n = 24;
  for (let i = 0; i <= n; i++) {
    const x = (w * i) / n;
    const t = (i / n) * Math.PI * waves + phase;
    pts.push(
      `${x.toFixed(1)},${(y - amp * (0.55 + 0.45 * Math.sin(t)) * (0.8 + 0.2 * Math.cos(t * 2.3))).toFixed(1)}`,
    );
  }
  return path(`M0,${h} L${pts.join(' L')} L${w},${h} Z`, fill);
}

/** Water: a band with light wave strokes. */
export function water(w, h, y, c1, c2, seed = 1) {
  const g = id('w');
  let s =
    `<defs>${linear(g, [
      [0, c1],
      [1, c2],
    ])}</defs>` + rect(0, y, w, h - y, `url(#${g})`);
  let k = seed;
  for (let row = 0; row < 7; row++) {
    const yy = y + 18 + row * ((h - y) / 7);
    for (let i = 0; i < 6; i++) {
      k = (k * 9301 + 49297) % 233280;
      const x = (k / 233280) * w;
      const len = 40 + (k % 60);
      s += path(
        `M${x},${yy} q${len / 4},-6 ${len / 2},0 t${len / 2},0`,
        'none',
        `stroke="#ffffff" stroke-opacity="0.35" stroke-width="3" stroke-linecap="round"`,
      );
    }
  }
  return s;
}

export function sun(cx, cy, r, color = P.sun) {
  const g = id('s');
  return (
    `<defs>${radial(g, [
      [0, color, 0.9],
      [1, color, 0],
    ])}</defs>` +
    circle(cx, cy, r * 2.6, `url(#${g})`) +
    circle(cx, cy, r, color)
  );
}

export function cloud(x, y, s = 1, fill = '#ffffff', opacity = 0.85) {
  return `<g transform="translate(${x} ${y}) scale(${s})" fill="${fill}" fill-opacity="${opacity}">${circle(0, 0, 26, fill)}${circle(30, -12, 32, fill)}${circle(64, 0, 24, fill)}${rect(-10, 0, 84, 22, fill, 'rx="11"')}</g>`;
}

/** A village hut: walls, door, window and a roof (thatch, tin or tile colour). */
export function hut(x, y, w, h, { wall = P.wall, roof = P.roof, door = P.wood } = {}) {
  const r = h * 0.55;
  return `<g>${rect(x, y, w, h, wall)}${path(
    `M${x - w * 0.12},${y} L${x + w / 2},${y - r} L${x + w * 1.12},${y} Z`,
    roof,
  )}${rect(x + w * 0.4, y + h * 0.35, w * 0.22, h * 0.65, door)}${rect(
    x + w * 0.1,
    y + h * 0.3,
    w * 0.18,
    h * 0.22,
    '#7dd3fc',
  )}</g>`;
}

/** A two-storey school building with a flag. */
export function school(x, y, w, h, { wall = '#fef9c3', roof = '#b45309', trim = '#0f766e' } = {}) {
  let s = rect(x, y, w, h, wall) + rect(x - 8, y - 14, w + 16, 16, roof);
  const cols = Math.max(3, Math.round(w / 70));
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < cols; c++)
      s += rect(
        x + 18 + c * ((w - 36) / cols),
        y + 20 + r * (h / 2.2),
        (w - 36) / cols - 16,
        h / 4.5,
        '#7dd3fc',
        `stroke="${trim}" stroke-width="3"`,
      );
  s += rect(x + w / 2 - 20, y + h - 56, 40, 56, trim);
  s += rect(x + w - 30, y - 90, 4, 78, '#475569');
  s += rect(x + w - 26, y - 90, 44, 28, '#166534') + circle(x + w - 6, y - 76, 8, '#dc2626');
  return s;
}

export function tree(x, y, s = 1, leaf = P.leaf) {
  return `<g transform="translate(${x} ${y}) scale(${s})">${rect(-6, -10, 12, 60, P.wood)}${circle(0, -30, 34, leaf)}${circle(-24, -12, 24, leaf)}${circle(24, -12, 24, leaf)}${circle(8, -50, 22, P.leaf2, 'fill-opacity="0.6"')}</g>`;
}

export function palm(x, y, s = 1) {
  const leaves = [-70, -35, 0, 35, 70, 110, -110]
    .map(
      (a) =>
        `<path d="M0,0 q40,-25 80,8 q-40,-8 -80,-8Z" fill="${P.leaf}" transform="rotate(${a - 90}) rotate(90)"/>`,
    )
    .join('');
  return `<g transform="translate(${x} ${y}) scale(${s})">${path('M-5,0 Q-12,80 -4,160 L6,160 Q0,80 5,0 Z', P.wood)}<g transform="translate(0 0)">${leaves}</g></g>`;
}

/** A country boat (nouka) with a hooped cover and a rower. */
export function boat(x, y, s = 1, { hull = '#7c2d12', cover = '#d97706', person = true } = {}) {
  let g = path('M-120,0 Q-60,34 0,36 Q60,34 120,0 Q60,14 0,14 Q-60,14 -120,0Z', hull);
  g += path('M-50,2 Q-40,-44 10,-46 Q58,-44 60,2 Z', cover);
  g += path('M-44,0 Q-34,-36 10,-38', 'none', 'stroke="#92400e" stroke-width="3"');
  if (person)
    g +=
      figure(-88, -8, 0.55, 0, 0) +
      path('M-80,-30 L-40,40', 'none', 'stroke="#451a03" stroke-width="4"');
  return `<g transform="translate(${x} ${y}) scale(${s})">${g}</g>`;
}

/** A simple standing person: head, body, legs; anchored at the feet. */
export function figure(x, y, s = 1, skin = 0, cloth = 0, { arms = 'down', scarf } = {}) {
  const sk = P.skin[skin % P.skin.length];
  const cl = P.cloth[cloth % P.cloth.length];
  let g = rect(-12, -40, 9, 40, '#1e293b', 'rx="4"') + rect(3, -40, 9, 40, '#1e293b', 'rx="4"');
  g += rect(-18, -96, 36, 62, cl, 'rx="14"');
  if (arms === 'up') {
    g += rect(-30, -132, 10, 44, sk, 'rx="5" transform="rotate(-18 -25 -90)"');
    g += rect(20, -132, 10, 44, sk, 'rx="5" transform="rotate(18 25 -90)"');
  } else if (arms === 'give') {
    g += rect(14, -90, 44, 10, sk, 'rx="5"');
    g += rect(-26, -92, 10, 44, cl, 'rx="5"');
  } else {
    g += rect(-26, -92, 10, 46, cl, 'rx="5"') + rect(16, -92, 10, 46, cl, 'rx="5"');
  }
  if (scarf) g += path('M-18,-90 Q0,-70 18,-90 L18,-80 Q0,-60 -18,-80Z', scarf);
  g += circle(0, -112, 17, sk);
  g += path('M-17,-114 Q-16,-134 0,-132 Q16,-134 17,-114 Q8,-124 -17,-114Z', '#111827');
  return `<g transform="translate(${x} ${y}) scale(${s})">${g}</g>`;
}

/** A child: a smaller figure. */
export const child = (x, y, s, skin, cloth, opts) => figure(x, y, s * 0.7, skin, cloth, opts);

export function books(x, y, s = 1) {
  const colors = ['#dc2626', '#2563eb', '#16a34a', '#f59e0b'];
  let g = '';
  colors.forEach((c, i) => {
    g += rect(-60 + (i % 2) * 8, -22 * (i + 1), 120, 20, c, 'rx="3"');
    g += rect(-52 + (i % 2) * 8, -22 * (i + 1) + 4, 104, 3, '#ffffff', 'fill-opacity="0.6"');
  });
  return `<g transform="translate(${x} ${y}) scale(${s})">${g}</g>`;
}

/** A sack of rice or relief goods. */
export function sack(x, y, s = 1, fill = '#e7d3a8') {
  return `<g transform="translate(${x} ${y}) scale(${s})">${path('M-30,0 Q-38,-50 -20,-70 L20,-70 Q38,-50 30,0 Z', fill)}${path('M-20,-70 L-12,-82 L12,-82 L20,-70Z', '#c4a572')}${rect(-18, -44, 36, 14, '#15803d', 'rx="3"')}</g>`;
}

export function box(x, y, s = 1, fill = '#d97706') {
  return `<g transform="translate(${x} ${y}) scale(${s})">${rect(-34, -50, 68, 50, fill)}${rect(-34, -50, 68, 10, '#b45309')}${rect(-6, -50, 12, 50, '#fde68a', 'fill-opacity="0.7"')}</g>`;
}

export function heart(x, y, s = 1, fill = '#e11d48') {
  return `<path transform="translate(${x} ${y}) scale(${s})" d="M0,30 C-40,0 -50,-30 -25,-42 C-10,-49 0,-38 0,-30 C0,-38 10,-49 25,-42 C50,-30 40,0 0,30Z" fill="${fill}"/>`;
}

/** Rain streaks over the whole picture. */
export function rain(w, h, n = 80, seed = 7) {
  let s = '';
  let k = seed;
  for (let i = 0; i < n; i++) {
    k = (k * 9301 + 49297) % 233280;
    const x = (k / 233280) * w;
    k = (k * 9301 + 49297) % 233280;
    const y = (k / 233280) * h * 0.7;
    s += path(
      `M${x},${y} l-8,26`,
      'none',
      'stroke="#e0f2fe" stroke-opacity="0.55" stroke-width="2"',
    );
  }
  return s;
}

export function paddyRows(w, y, h, color = P.paddy) {
  let s = rect(0, y, w, h, color);
  for (let i = 0; i < 12; i++) {
    const yy = y + (i * h) / 12;
    s += path(
      `M0,${yy} Q${w / 2},${yy + 10 + i * 2} ${w},${yy}`,
      'none',
      `stroke="#4d7c0f" stroke-opacity="0.35" stroke-width="${1 + i * 0.4}"`,
    );
  }
  return s;
}
