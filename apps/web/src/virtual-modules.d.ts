/** The parts of the Bangla catalogue, made at build time (apps/web/build/catalogue-parts.ts). */
declare module 'virtual:catalogue/*' {
  const texts: Record<string, string>;
  export default texts;
}
