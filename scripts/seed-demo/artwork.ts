// Abstract portfolio pieces and monogram avatars, drawn as SVG and rendered locally by sharp. Nothing is downloaded;
// a seed makes the same picture every time. Encoded plainly, without mozjpeg (it nearly doubled the time to draw a
// piece): every image is stored through the upload path, which re-encodes it.
import sharp from 'sharp';
import type { DeliverableCategory } from '../../src/domain/constants';

interface Palette {
  bg: string;
  ink: string;
  a: string;
  b: string;
  c: string;
}

const PALETTES: readonly Palette[] = [
  { bg: '#F3EDE3', ink: '#1C1B19', a: '#A5472A', b: '#D9A441', c: '#2F4A3A' },
  { bg: '#1F2A30', ink: '#F4EFE6', a: '#E8A88A', b: '#8FB3A8', c: '#C9B27C' },
  { bg: '#E9E4DA', ink: '#22313F', a: '#3C6E71', b: '#D8A47F', c: '#9A8C98' },
  { bg: '#2B2118', ink: '#F2E8D8', a: '#C8553D', b: '#F28F3B', c: '#588B8B' },
  { bg: '#EFE9F4', ink: '#2A1E3B', a: '#7A4EAB', b: '#E07A5F', c: '#F2CC8F' },
  { bg: '#DDE5DC', ink: '#1E2B22', a: '#386641', b: '#BC4749', c: '#F2E8CF' },
  { bg: '#F6E7D8', ink: '#3A2618', a: '#B5651D', b: '#2E5266', c: '#E8C547' },
  { bg: '#101820', ink: '#FEE715', a: '#FEE715', b: '#F4F1EA', c: '#5B7B7A' },
];

const BRANDS = ['Norra', 'Field & Fern', 'Ostra', 'Kiln', 'Halden', 'Marrow', 'Tidewater', 'Oak Lane', 'Sable', 'Luma', 'Brisa', 'Umber'];

/** mulberry32: a tiny deterministic PRNG, so every run draws the same pieces. */
export const createRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => Math.floor(next() * (max - min + 1)) + min,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
};
type Random = ReturnType<typeof createRandom>;

const W = 1200;
const H = 900;
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const serif = `font-family="DejaVu Serif, Georgia, serif"`;
const sans = `font-family="DejaVu Sans, Helvetica, sans-serif"`;
const lines = (x: number, y: number, width: number, count: number, gap: number, color: string, r: Random) =>
  Array.from({ length: count }, (_, i) => `<rect x="${x}" y="${y + i * gap}" width="${width * (0.55 + r.next() * 0.45)}" height="8" rx="4" fill="${color}" opacity="0.35"/>`).join('');

const logo = (p: Palette, r: Random, brand: string) => {
  const letter = escapeXml(brand[0] ?? 'H');
  const grid = Array.from({ length: 9 }, (_, i) => `<line x1="${300 + i * 75}" y1="150" x2="${300 + i * 75}" y2="750" stroke="${p.ink}" stroke-opacity="0.08"/>`).join('');
  const shape = r.pick([
    `<circle cx="600" cy="420" r="190" fill="${p.a}"/><circle cx="680" cy="420" r="190" fill="${p.bg}" opacity="0.9"/>`,
    `<path d="M600 210 L790 560 L410 560 Z" fill="${p.a}"/><circle cx="600" cy="450" r="70" fill="${p.b}"/>`,
    `<rect x="430" y="250" width="340" height="340" rx="170" fill="${p.a}"/><rect x="520" y="340" width="160" height="160" fill="${p.bg}"/>`,
  ]);
  return `${grid}${shape}<text x="600" y="455" ${serif} font-size="150" text-anchor="middle" fill="${p.ink}">${letter}</text>
    <text x="600" y="720" ${sans} font-size="40" letter-spacing="14" text-anchor="middle" fill="${p.ink}">${escapeXml(brand.toUpperCase())}</text>`;
};

const brandSheet = (p: Palette, r: Random, brand: string) => {
  const swatches = [p.a, p.b, p.c, p.ink]
    .map((color, i) => `<rect x="820" y="${120 + i * 170}" width="260" height="150" rx="10" fill="${color}"/><text x="840" y="${250 + i * 170}" ${sans} font-size="20" fill="${i === 3 ? p.bg : p.ink}" opacity="0.8">${color}</text>`)
    .join('');
  return `<circle cx="260" cy="300" r="120" fill="${p.a}"/><circle cx="260" cy="300" r="60" fill="${p.bg}"/>
    <text x="120" y="560" ${serif} font-size="96" fill="${p.ink}">${escapeXml(brand)}</text>
    <text x="120" y="640" ${sans} font-size="26" fill="${p.ink}" opacity="0.6">Identity system · ${r.int(2019, 2025)}</text>
    <text x="120" y="800" ${serif} font-size="120" fill="${p.c}">Aa</text>${swatches}`;
};

const web = (p: Palette, r: Random, brand: string) => {
  const cards = [0, 1, 2]
    .map((i) => `<rect x="${170 + i * 300}" y="560" width="260" height="220" rx="14" fill="${p.bg}"/><rect x="${170 + i * 300}" y="560" width="260" height="120" rx="14" fill="${[p.a, p.b, p.c][i]}"/>${lines(190 + i * 300, 700, 200, 3, 22, p.ink, r)}`)
    .join('');
  return `<rect x="120" y="80" width="960" height="760" rx="22" fill="${p.ink}" opacity="0.08"/>
    <rect x="130" y="90" width="940" height="740" rx="18" fill="${p.bg}" stroke="${p.ink}" stroke-opacity="0.15"/>
    <circle cx="165" cy="125" r="9" fill="${p.a}"/><circle cx="195" cy="125" r="9" fill="${p.b}"/><circle cx="225" cy="125" r="9" fill="${p.c}"/>
    <text x="170" y="215" ${serif} font-size="34" fill="${p.ink}">${escapeXml(brand)}</text>${lines(760, 200, 260, 1, 0, p.ink, r)}
    <text x="170" y="340" ${serif} font-size="64" fill="${p.ink}">Made slowly,</text><text x="170" y="420" ${serif} font-size="64" fill="${p.a}">made well.</text>
    <rect x="760" y="270" width="270" height="230" rx="120" fill="${p.b}"/>${cards}`;
};

const social = (p: Palette, r: Random) => {
  const colors = [p.a, p.b, p.c, p.ink, p.bg];
  const tiles = Array.from({ length: 9 }, (_, i) => {
    const x = 150 + (i % 3) * 305;
    const y = 30 + Math.floor(i / 3) * 285;
    const fill = r.pick(colors);
    const accent = r.pick(colors.filter((color) => color !== fill));
    const motif = r.pick([
      `<circle cx="${x + 140}" cy="${y + 130}" r="80" fill="${accent}"/>`,
      `<path d="M${x} ${y + 270} A 140 140 0 0 1 ${x + 280} ${y + 270} Z" fill="${accent}"/>`,
      `<text x="${x + 40}" y="${y + 190}" ${serif} font-size="150" fill="${accent}">&#8220;</text>`,
      `<rect x="${x + 60}" y="${y + 60}" width="160" height="150" fill="none" stroke="${accent}" stroke-width="14"/>`,
    ]);
    return `<rect x="${x}" y="${y}" width="280" height="270" rx="6" fill="${fill}"/>${motif}`;
  }).join('');
  return tiles;
};

const editorial = (p: Palette, r: Random, brand: string) => `<rect x="80" y="70" width="1040" height="760" fill="${p.bg}" stroke="${p.ink}" stroke-opacity="0.12"/>
    <rect x="596" y="70" width="8" height="760" fill="${p.ink}" opacity="0.08"/>
    <text x="130" y="330" ${serif} font-size="260" fill="${p.a}">${escapeXml(brand[0] ?? 'H')}</text>
    <text x="130" y="420" ${serif} font-size="42" fill="${p.ink}">On the making</text><text x="130" y="470" ${serif} font-size="42" fill="${p.ink}">of ${escapeXml(brand)}</text>
    ${lines(130, 530, 400, 9, 30, p.ink, r)}
    <rect x="650" y="120" width="420" height="420" fill="${p.c}"/><circle cx="860" cy="330" r="${r.int(110, 170)}" fill="${p.b}" opacity="0.9"/>
    ${lines(650, 590, 190, 7, 30, p.ink, r)}${lines(880, 590, 190, 7, 30, p.ink, r)}`;

const content = (p: Palette, r: Random, brand: string) => `<path d="M0 ${H} Q ${W / 2} ${r.int(200, 500)} ${W} ${H} Z" fill="${p.a}" opacity="0.85"/>
    <circle cx="${r.int(850, 1000)}" cy="${r.int(180, 260)}" r="110" fill="${p.b}"/>
    <text x="110" y="250" ${serif} font-size="96" fill="${p.ink}">Notes from</text><text x="110" y="350" ${serif} font-size="96" fill="${p.ink}">${escapeXml(brand)}</text>
    <text x="110" y="430" ${sans} font-size="28" fill="${p.ink}" opacity="0.7">Issue ${r.int(3, 24)} · A newsletter series</text>${lines(110, 480, 520, 4, 30, p.ink, r)}`;

const COMPOSERS: Record<DeliverableCategory, (p: Palette, r: Random, brand: string) => string> = {
  logo_design: logo,
  branding_packages: brandSheet,
  web_design: web,
  social_media_assets: (p, r) => social(p, r),
  editorial_design: editorial,
  content_marketing: content,
};

/**
 * A 1200×900 JPEG portfolio piece for a category; the seed decides palette and composition. The piece carries
 * `brandName` when given (a client's work), else the invented brand its title names, else one the seed picks.
 */
export const renderPortfolioPiece = async (category: DeliverableCategory, seed: number, title = '', brandName?: string): Promise<Buffer> => {
  const r = createRandom(seed);
  const palette = r.pick(PALETTES);
  const randomBrand = r.pick(BRANDS);
  const brand = brandName ?? BRANDS.find((name) => title.includes(name)) ?? randomBrand;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="${palette.bg}"/>${COMPOSERS[category](palette, r, brand)}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
};

/**
 * An 800×600 JPEG process doc: a piece as a working draft on squared paper, labelled with its step, in pencil grey
 * unless `inColour` (the chosen design: given the deliverable's seed, it composes the deliverable's piece).
 */
export const renderProcessDoc = async (category: DeliverableCategory, seed: number, brand: string, step: number, steps: number, inColour: boolean): Promise<Buffer> => {
  const r = createRandom(seed);
  const palette = r.pick(PALETTES);
  r.pick(BRANDS); // drawn as renderPortfolioPiece draws it, so the same seed composes the same piece
  const grid = [
    ...Array.from({ length: 23 }, (_, i) => `<line x1="${(i + 1) * 50}" y1="0" x2="${(i + 1) * 50}" y2="${H}"/>`),
    ...Array.from({ length: 17 }, (_, i) => `<line x1="0" y1="${(i + 1) * 50}" x2="${W}" y2="${(i + 1) * 50}"/>`),
  ].join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 ${W} ${H}">
    <rect width="${W}" height="${H}" fill="#F6F3EC"/><g stroke="#7A93A8" stroke-opacity="0.25">${grid}</g>
    <g opacity="0.85" transform="translate(90 100) scale(0.85)">${COMPOSERS[category](palette, r, brand)}</g>
    <text x="40" y="60" ${sans} font-size="30" fill="#3A3A3A">${escapeXml(brand)} · step ${step} of ${steps}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  return (inColour ? image : image.greyscale()).jpeg({ quality: 85 }).toBuffer();
};

/** A 480×480 monogram: the creator's initials on a warm gradient. */
export const renderAvatar = async (name: string, seed: number): Promise<Buffer> => {
  const r = createRandom(seed);
  const palette = r.pick(PALETTES);
  const initials = escapeXml(
    name
      .split(/\s+/)
      .slice(0, 2)
      .map((part) => part[0] ?? '')
      .join(''),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
    <defs><radialGradient id="g" cx="30%" cy="25%" r="85%"><stop offset="0" stop-color="#ffffff" stop-opacity="0.28"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
    <rect width="480" height="480" fill="${palette.a}"/><rect width="480" height="480" fill="url(#g)"/><circle cx="240" cy="240" r="200" fill="none" stroke="${palette.bg}" stroke-opacity="0.35" stroke-width="3"/>
    <text x="240" y="300" ${serif} font-size="170" text-anchor="middle" fill="${palette.bg}">${initials}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};
