import enUS from './en-US.ts';

/** British English: the US texts with British spelling where they differ. */
const enGB: typeof enUS = JSON.parse(
  JSON.stringify(enUS)
    .replace(/\bcolor/g, 'colour')
    .replace(/\bColor/g, 'Colour')
    .replace(/\bcenter/g, 'centre')
    .replace(/\bCenter/g, 'Centre')
    .replace(/\bauthoriz/g, 'authoris')
    .replace(/\bAuthoriz/g, 'Authoris'),
);
export default enGB;
