import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { DivisionCode } from '@promo/domain/types';

/**
 * The demo images (an image reference is an id served here, or a URL), drawn here as SVG so that nothing is downloaded and
 * the repository holds no binaries. Each id is served by GET /api/v1/file/image/{id}.
 *
 * They are served as WebP, as a promotion's photos and a division's logo would be: a browser
 * decodes a raster image off the page's main thread, whereas each SVG image is a document of its
 * own, created, laid out and painted on it (docs/performance.md, "Images").
 */

/**
 * The app's own font stack and its strong weight (shared/ui/src/theme.css), so that an image's
 * text reads as the page's does; the server draws it with the fonts of its own machine.
 */
const FONT = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"';
const STRONG = 'font-weight="600"';

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function svg(width: number, height: number, title: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `role="img" aria-label="${escapeXml(title)}"><title>${escapeXml(title)}</title>${body}</svg>`
  );
}

interface HeroSpec {
  title: string;
  tagline: string;
  from: string;
  to: string;
  accent: string;
  motif: 'trophy' | 'basket' | 'steak';
}

function motif(kind: HeroSpec['motif'], x: number, y: number, scale: number, accent: string): string {
  const t = `transform="translate(${x} ${y}) scale(${scale})"`;
  if (kind === 'trophy') {
    return `<g ${t}>
      <path d="M-60 -90 h120 v40 a60 60 0 0 1 -120 0 z" fill="${accent}"/>
      <path d="M-60 -80 h-30 a30 30 0 0 0 30 45 M60 -80 h30 a30 30 0 0 1 -30 45" fill="none" stroke="${accent}" stroke-width="10"/>
      <rect x="-12" y="5" width="24" height="40" fill="${accent}"/>
      <rect x="-45" y="45" width="90" height="20" rx="4" fill="${accent}"/>
      <circle cx="0" cy="-55" r="16" fill="#ffffff" opacity="0.5"/></g>`;
  }
  if (kind === 'basket') {
    return `<g ${t}>
      <circle cx="-35" cy="-40" r="28" fill="#e74c3c"/><circle cx="10" cy="-52" r="30" fill="#f1c40f"/>
      <circle cx="48" cy="-36" r="24" fill="#27ae60"/>
      <path d="M-80 -20 h160 l-20 90 h-120 z" fill="${accent}"/>
      <path d="M-70 0 h140 M-64 25 h128 M-58 50 h116" stroke="#ffffff" stroke-opacity="0.45" stroke-width="6"/>
      <path d="M-60 -20 q60 -110 120 0" fill="none" stroke="${accent}" stroke-width="10"/></g>`;
  }
  return `<g ${t}>
    <ellipse cx="0" cy="0" rx="90" ry="60" fill="#b03a2e"/>
    <ellipse cx="-10" cy="-6" rx="62" ry="38" fill="#e6766a"/>
    <path d="M-40 -20 q30 20 70 -5 M-45 10 q35 15 80 -8" stroke="#ffffff" stroke-opacity="0.7" stroke-width="7" fill="none"/>
    <circle cx="58" cy="18" r="14" fill="#f5e6d3"/></g>`;
}

function hero(spec: HeroSpec, mobile: boolean): string {
  const width = mobile ? 600 : 1200;
  const height = mobile ? 600 : 400;
  const titleSize = mobile ? 46 : 56;
  const lines = mobile
    ? spec.title.split(' ').reduce<string[]>((acc, word) => {
        const last = acc[acc.length - 1];
        if (last !== undefined && (last + ' ' + word).length <= 16) acc[acc.length - 1] = `${last} ${word}`;
        else acc.push(word);
        return acc;
      }, [])
    : [spec.title];
  const textX = mobile ? 40 : 60;
  const textY = mobile ? 90 : 150;
  const title = lines
    .map(
      (line, index) =>
        `<text x="${textX}" y="${textY + index * (titleSize + 8)}" ${FONT} font-size="${titleSize}" ${STRONG} fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('');
  const taglineY = textY + lines.length * (titleSize + 8) + 10;
  return svg(
    width,
    height,
    spec.title,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${spec.from}"/><stop offset="1" stop-color="${spec.to}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width - 120}" cy="${mobile ? 420 : 90}" r="${mobile ? 260 : 220}" fill="#ffffff" opacity="0.08"/>
    <circle cx="${mobile ? 80 : width - 320}" cy="${height + 40}" r="160" fill="#ffffff" opacity="0.06"/>
    ${title}
    <text x="${textX}" y="${taglineY}" ${FONT} font-size="${mobile ? 24 : 26}" fill="#ffffff" opacity="0.9">${escapeXml(spec.tagline)}</text>
    <rect x="${textX}" y="${taglineY + 30}" width="${mobile ? 200 : 230}" height="52" rx="26" fill="${spec.accent}"/>
    <text x="${textX + (mobile ? 100 : 115)}" y="${taglineY + 64}" text-anchor="middle" ${FONT} font-size="22" ${STRONG} fill="#1b2631">Ezy Rewards</text>
    ${motif(spec.motif, mobile ? width - 150 : width - 210, mobile ? height - 150 : height / 2 + 20, mobile ? 1.1 : 1.3, spec.accent)}`,
  );
}

interface PrizeSpec {
  title: string;
  box: string;
  items: string[];
}

function prize(spec: PrizeSpec): string {
  const items = spec.items
    .map((colour, index) => {
      const x = 110 + (index % 4) * 60;
      const y = 120 - Math.floor(index / 4) * 40;
      return index % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="26" fill="${colour}"/>`
        : `<rect x="${x - 20}" y="${y - 40}" width="40" height="64" rx="8" fill="${colour}"/>`;
    })
    .join('');
  return svg(
    400,
    300,
    spec.title,
    `<rect width="400" height="300" fill="#f4f6f8"/>
    <ellipse cx="200" cy="262" rx="150" ry="16" fill="#000000" opacity="0.08"/>
    ${items}
    <path d="M70 140 h260 l-24 120 h-212 z" fill="${spec.box}"/>
    <path d="M70 140 h260 v18 h-260 z" fill="#000000" opacity="0.12"/>
    <rect x="130" y="182" width="140" height="44" rx="6" fill="#ffffff" opacity="0.9"/>
    <text x="200" y="211" text-anchor="middle" ${FONT} font-size="17" ${STRONG} fill="#1b2631">${escapeXml(
      spec.title.length > 16 ? `${spec.title.slice(0, 15)}…` : spec.title,
    )}</text>`,
  );
}

const DIVISION_LOGOS: Record<
  DivisionCode,
  { label: string; sub: string; colour: string; shape: 'gear' | 'disc' | 'truck' | 'bolt' }
> = {
  A: { label: 'AUTOLIGN', sub: 'Automotive parts', colour: '#1f5fa8', shape: 'gear' },
  B: { label: 'BNT', sub: 'Automotive & truck', colour: '#c0392b', shape: 'bolt' },
  T: { label: 'TTP', sub: 'Truck & Trailer Parts', colour: '#d35400', shape: 'truck' },
  '2': { label: 'HCB / JAS', sub: 'Hydraulics & bearings', colour: '#16a085', shape: 'gear' },
  P: { label: 'PRECISION', sub: 'Equipment', colour: '#34495e', shape: 'bolt' },
  D: { label: 'DDL', sub: 'Diesel Distributors', colour: '#7d3c98', shape: 'disc' },
  N: { label: 'NZ BRAKE CO', sub: 'Brakes & clutches', colour: '#b7950b', shape: 'disc' },
};

function emblem(shape: 'gear' | 'disc' | 'truck' | 'bolt', colour: string): string {
  if (shape === 'gear') {
    const teeth = Array.from(
      { length: 8 },
      (_, i) =>
        `<rect x="-6" y="-34" width="12" height="14" fill="${colour}" transform="rotate(${i * 45})"/>`,
    ).join('');
    return `<g transform="translate(50 60)">${teeth}<circle r="24" fill="${colour}"/><circle r="9" fill="#ffffff"/></g>`;
  }
  if (shape === 'disc') {
    return `<g transform="translate(50 60)"><circle r="30" fill="${colour}"/><circle r="18" fill="#ffffff"/><circle r="8" fill="${colour}"/>
      <path d="M-30 -6 a30 30 0 0 1 14 -22" stroke="#ffffff" stroke-width="5" fill="none"/></g>`;
  }
  if (shape === 'truck') {
    return `<g transform="translate(50 60)"><rect x="-34" y="-22" width="40" height="30" fill="${colour}"/>
      <path d="M8 -12 h16 l10 12 v8 h-26 z" fill="${colour}"/><circle cx="-20" cy="14" r="8" fill="${colour}"/>
      <circle cx="20" cy="14" r="8" fill="${colour}"/><circle cx="-20" cy="14" r="3" fill="#ffffff"/><circle cx="20" cy="14" r="3" fill="#ffffff"/></g>`;
  }
  return `<g transform="translate(50 60)"><path d="M-22 -30 h44 l12 20 l-12 20 h-44 l-12 -20 z" fill="${colour}"/><circle r="11" fill="#ffffff"/></g>`;
}

function divisionLogo(code: DivisionCode): string {
  const spec = DIVISION_LOGOS[code];
  return svg(
    240,
    120,
    `${spec.label} logo`,
    `<rect width="240" height="120" rx="14" fill="#ffffff"/><rect x="1" y="1" width="238" height="118" rx="13" fill="none" stroke="${spec.colour}" stroke-width="2"/>
    ${emblem(spec.shape, spec.colour)}
    <text x="92" y="62" ${FONT} font-size="${spec.label.length > 9 ? 17 : 22}" ${STRONG} fill="${spec.colour}">${escapeXml(spec.label)}</text>
    <text x="92" y="84" ${FONT} font-size="11" fill="#5d6d7e">${escapeXml(spec.sub)}</text>`,
  );
}

function aboutImage(title: string, from: string, to: string, scene: 'counter' | 'van'): string {
  const art =
    scene === 'counter'
      ? `<rect x="120" y="230" width="560" height="120" fill="#ffffff" opacity="0.85"/>
         <rect x="160" y="90" width="120" height="140" fill="#ffffff" opacity="0.35"/><rect x="300" y="90" width="120" height="140" fill="#ffffff" opacity="0.35"/>
         <rect x="440" y="90" width="120" height="140" fill="#ffffff" opacity="0.35"/>
         <circle cx="620" cy="180" r="34" fill="#f5cba7"/><rect x="590" y="214" width="60" height="80" rx="20" fill="#1f5fa8"/>`
      : `<rect x="170" y="170" width="330" height="150" rx="16" fill="#ffffff"/><path d="M500 200 h90 l60 60 v60 h-150 z" fill="#ffffff"/>
         <rect x="520" y="214" width="60" height="40" fill="#aed6f1"/><circle cx="260" cy="330" r="34" fill="#2c3e50"/><circle cx="560" cy="330" r="34" fill="#2c3e50"/>
         <text x="335" y="258" text-anchor="middle" ${FONT} font-size="40" ${STRONG} fill="#1f5fa8">Ezy Rewards</text>`;
  return svg(
    800,
    450,
    title,
    `<defs><linearGradient id="a" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="450" fill="url(#a)"/><rect y="360" width="800" height="90" fill="#000000" opacity="0.15"/>${art}`,
  );
}

function appLogo(): string {
  return svg(
    320,
    80,
    'Ezy Rewards',
    `<rect width="80" height="80" rx="18" fill="#1f5fa8"/><path d="M22 26 h36 M22 40 h28 M22 54 h36 M22 26 v28" stroke="#ffffff" stroke-width="7" stroke-linecap="round"/>
    <text x="96" y="52" ${FONT} font-size="34" ${STRONG} fill="#1f5fa8">Ezy</text>
    <text x="164" y="52" ${FONT} font-size="34" fill="#2c3e50">Rewards</text>`,
  );
}

/** Image ids of the seeded promotions; the seed refers to these constants. */
export const IMAGE_IDS = {
  tierUpHero: 'hero-tier-up',
  tierUpHeroMobile: 'hero-mobile-tier-up',
  foodPackHero: 'hero-food-pack',
  foodPackHeroMobile: 'hero-mobile-food-pack',
  meatPackHero: 'hero-meat-pack',
  meatPackHeroMobile: 'hero-mobile-meat-pack',
  appLogo: 'ezy-rewards-logo',
  aboutCounter: 'about-trade-counter',
  aboutDelivery: 'about-delivery',
} as const;

export function prizeImageId(title: string): string {
  return `prize-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

const HEROES: Record<string, HeroSpec> = {
  'tier-up': {
    title: 'Tier Up Hamper Challenge',
    tagline: 'Three targets. Three chances to treat the team.',
    from: '#123a6b',
    to: '#1f78b4',
    accent: '#f5b041',
    motif: 'trophy',
  },
  'food-pack': {
    title: 'Summer Food Pack Promotion',
    tagline: 'Hit your target and pick the pack you like.',
    from: '#0e6251',
    to: '#27ae60',
    accent: '#f4d03f',
    motif: 'basket',
  },
  'meat-pack': {
    title: 'Spring Meat Pack Promotion',
    tagline: 'Spend more, fill the freezer.',
    from: '#641e16',
    to: '#c0392b',
    accent: '#f5cba7',
    motif: 'steak',
  },
};

const PRIZES: PrizeSpec[] = [
  {
    title: 'Build your Own Pack',
    box: '#1f78b4',
    items: ['#e74c3c', '#f1c40f', '#27ae60', '#8e44ad', '#e67e22', '#16a085'],
  },
  { title: 'BBQ Pack', box: '#922b21', items: ['#b03a2e', '#d35400', '#6e2c00', '#f0b27a'] },
  { title: 'Breakfast Pack', box: '#b9770e', items: ['#f7dc6f', '#fdebd0', '#a04000', '#fad7a0', '#e59866'] },
  {
    title: 'Family Feast Pack',
    box: '#117864',
    items: ['#c0392b', '#f5b041', '#7dcea0', '#873600', '#f9e79f', '#d98880'],
  },
  { title: 'Gourmet Hamper', box: '#4a235a', items: ['#7d3c98', '#f4d03f', '#c39bd3', '#a93226', '#f5cba7'] },
  { title: 'BBQ Hamper', box: '#78281f', items: ['#cb4335', '#6e2c00', '#f0b27a', '#1e8449'] },
  {
    title: 'Coffee Lovers Hamper',
    box: '#4e342e',
    items: ['#6d4c41', '#d7ccc8', '#3e2723', '#a1887f', '#efebe9'],
  },
  { title: 'Premium Meat Pack', box: '#922b21', items: ['#b03a2e', '#e6766a', '#641e16', '#f5b7b1'] },
  { title: 'Sausage Sizzle Pack', box: '#a04000', items: ['#ca6f1e', '#f5cba7', '#873600', '#f0b27a'] },
];

function build(): Map<string, () => string> {
  const images = new Map<string, () => string>();
  for (const [key, spec] of Object.entries(HEROES)) {
    images.set(`hero-${key}`, () => hero(spec, false));
    images.set(`hero-mobile-${key}`, () => hero(spec, true));
  }
  for (const spec of PRIZES) images.set(prizeImageId(spec.title), () => prize(spec));
  for (const code of Object.keys(DIVISION_LOGOS) as DivisionCode[])
    images.set(`division-logo-${code}`, () => divisionLogo(code));
  images.set(IMAGE_IDS.appLogo, appLogo);
  images.set(IMAGE_IDS.aboutCounter, () => aboutImage('A trade counter', '#d6eaf8', '#85c1e9', 'counter'));
  images.set(IMAGE_IDS.aboutDelivery, () => aboutImage('A delivery van', '#fdebd0', '#f5b041', 'van'));
  return images;
}

const drawers = build();
const rendered = new Map<string, Promise<{ body: Buffer; etag: string }>>();

/**
 * 3-16 KB an image, the hero the largest, and all of them drawn in about half a second. sharp's
 * higher efforts saved 2% of the bytes for five times the time.
 */
const WEBP = { quality: 75 } as const;

async function rasterise(svg: string): Promise<{ body: Buffer; etag: string }> {
  const body = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

/** The WebP for an image id (drawn once, then kept), or undefined for an unknown id. */
export function renderImage(id: string): Promise<{ body: Buffer; etag: string }> | undefined {
  const cached = rendered.get(id);
  if (cached) return cached;
  const draw = drawers.get(id);
  if (!draw) return undefined;
  const image = rasterise(draw());
  rendered.set(id, image);
  // A failure is not kept: the next request draws the image again.
  image.catch(() => rendered.delete(id));
  return image;
}

/**
 * Draws every image, one after another, so that the first visitor waits for none: the first one
 * drawn in a process also reads the machine's fonts.
 */
export async function renderAllImages(): Promise<void> {
  for (const id of drawers.keys()) await renderImage(id);
}
