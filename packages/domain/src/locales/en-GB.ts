import enUS from './en-US.ts';

/** British English: the US text with British spelling where it differs. */
const enGB: typeof enUS = JSON.parse(
  JSON.stringify(enUS)
    .replace(/\bauthoriz/g, 'authoris')
    .replace(/\bAuthoriz/g, 'Authoris')
    .replace(/\bcolor/g, 'colour')
    .replace(/\bColor/g, 'Colour')
    .replace(/\bcenter\b/g, 'centre')
    .replace(/\bCenter\b/g, 'Centre')
    .replace(/\bcenters\b/g, 'centres'),
);
export default enGB;
