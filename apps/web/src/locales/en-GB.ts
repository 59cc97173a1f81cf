/** British English: the US texts with British spelling where they differ. */
export function toBritish<T>(enUS: T): T {
  return JSON.parse(
    JSON.stringify(enUS)
      .replace(/\bcolor/g, 'colour')
      .replace(/\bColor/g, 'Colour')
      .replace(/\bcenter/g, 'centre')
      .replace(/\bCenter/g, 'Centre')
      .replace(/\bauthoriz/g, 'authoris')
      .replace(/\bAuthoriz/g, 'Authoris')
      .replace(/\bcustomiz/g, 'customis')
      .replace(/\bCustomiz/g, 'Customis')
      .replace(/\borganiz/g, 'organis')
      .replace(/\blicense\b/g, 'licence'),
  ) as T;
}
